/**
 * The subscriptions feed reads each page's cards in the statement that finds the page
 * (decision 0062): the cards must be the ones read by id (`getVisibleVideos` for a visitor),
 * text for text, from either step, and a video hidden by a moderator is neither shown nor
 * stops the cursor.
 */
import type { SubscriptionFeed } from '@kinora/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../platform/db/schema';
import { callApi } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { SubscriptionsRepository } from './subscriptions.repository';
import { SubscriptionsService } from './subscriptions.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function videoAt(ownerId: string, createdAt: string) {
  const [row] = await t.database.db
    .insert(videos)
    .values({
      ownerId,
      title: `Card at ${createdAt}`,
      description: 'Written for the feed cards test',
      isPublished: true,
      createdAt: sql`${createdAt}::timestamptz`,
    })
    .returning({ id: videos.id });
  return row!.id;
}

/** The cards read by id, as a visitor sees them, parsed. */
async function cardsById(ids: string[]) {
  const rows = await t.services.videos.getVisibleVideos({ ids, viewer: null });
  return rows.map((row) => JSON.parse(row.card) as unknown);
}

async function walk(reader: RegisteredUser, limit: number) {
  const shown: SubscriptionFeed['videos'] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await callApi(t.app, 'subscriptionFeed', {
      as: reader,
      query: { limit, ...(cursor ? { cursor } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page: SubscriptionFeed = res.data;
    shown.push(...page.videos);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 20);
  return { shown, pages };
}

describe('GET /subscriptions/feed cards', () => {
  it('are the cards read by id, from both steps, leaving out a hidden video without stopping', async () => {
    const reader = await registerUser(t.app);
    const [channel, busy] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const res = await callApi(t.app, 'toggleSubscription', {
      params: { channelId: channel.userId },
      as: reader,
    });
    expect(res.data.isSubscribed).toBe(true);
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++)
      ids.unshift(await videoAt(channel.userId, `2022-05-0${i}T10:00:00Z`));
    // The second newest is hidden by a moderator: `published_videos` leaves it out, so no page
    // finds it, and the cursor goes on past where it stood.
    const hidden = ids[1]!;
    await t.database.db.update(videos).set({ hiddenAt: new Date() }).where(eq(videos.id, hidden));
    const visible = ids.filter((id) => id !== hidden);

    const { shown, pages } = await walk(reader, 2);
    expect(shown.map((v) => v._id)).toEqual(visible);
    expect(pages).toBe(2);
    expect(shown).toEqual(await cardsById(visible));

    // The per-channel step (a window of the site's newest 2 holds none of the channel's).
    for (let i = 1; i <= 3; i++) await videoAt(busy.userId, `2031-01-0${i}T00:00:00Z`);
    const narrow = new SubscriptionsService(
      new SubscriptionsRepository(t.database.db, 2),
      t.services.videos,
      t.services.events,
    );
    const actor = { userId: reader.userId, role: 'user' as const };
    const page = await narrow.videoFeed({ actor, limit: 10 });
    expect(page.nextCursor).toBeNull();
    expect(page.records.map((r) => r.id)).toEqual(visible);
    expect(page.records.map((r) => JSON.parse(r.card) as unknown)).toEqual(
      await cardsById(visible),
    );
  });
});
