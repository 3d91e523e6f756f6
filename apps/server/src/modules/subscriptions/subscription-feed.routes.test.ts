/**
 * GET /subscriptions/feed: the newest published videos of the channels one follows, by keyset.
 * Videos and channels are written straight to the database where a test needs exact instants
 * (to the microsecond) or a thousand channels; the feed itself is read through the real API.
 */
import type { SubscriptionFeed } from '@kinora/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users, videos } from '../../platform/db/schema';
import { callApi, malformed } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, uniqueSuffix, type RegisteredUser } from '../../../test/factories';
import { SubscriptionsRepository } from './subscriptions.repository';
import { SubscriptionsService } from './subscriptions.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function feedPage(user: RegisteredUser, limit: number, cursor: string | null) {
  const res = await callApi(t.app, 'subscriptionFeed', {
    as: user,
    query: { limit, ...(cursor ? { cursor } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.data;
}

/** Every page of the feed, with a hook run after each page (to publish meanwhile). */
async function walkFeed(
  user: RegisteredUser,
  limit: number,
  afterPage?: (n: number) => Promise<void>,
) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: SubscriptionFeed = await feedPage(user, limit, cursor);
    expect(page.videos.length).toBeLessThanOrEqual(limit);
    seen.push(...page.videos.map((v) => v._id));
    cursor = page.nextCursor;
    pages += 1;
    await afterPage?.(pages);
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { seen, pages };
}

async function videoAt(ownerId: string, createdAt: string, isPublished = true) {
  const [row] = await t.database.db
    .insert(videos)
    .values({
      ownerId,
      title: `Video at ${createdAt}`,
      description: 'Written for the feed test',
      isPublished,
      createdAt: sql`${createdAt}::timestamptz`,
    })
    .returning({ id: videos.id });
  return row!.id;
}

const follow = async (reader: RegisteredUser, channelId: string) => {
  const res = await callApi(t.app, 'toggleSubscription', { params: { channelId }, as: reader });
  expect(res.data.isSubscribed).toBe(true);
};

/** Newest first, the id breaking ties (as PostgreSQL orders uuids: by their bytes). */
const newestFirst = (items: { id: string; at: string }[]) =>
  [...items]
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1))
    .map((i) => i.id);

describe('GET /subscriptions/feed', () => {
  it('gives exactly the followed channels’ published videos, newest first, across page boundaries', async () => {
    const reader = await registerUser(t.app);
    const [a, b, stranger] = await Promise.all([
      registerUser(t.app),
      registerUser(t.app),
      registerUser(t.app),
    ]);
    await follow(reader, a.userId);
    await follow(reader, b.userId);
    const times = [
      '2025-03-01T12:00:00.000001Z',
      '2025-03-01T12:00:00.000001Z',
      '2025-03-01T12:00:00.000002Z',
      '2025-03-01T12:00:00.000003Z',
      '2025-02-01T00:00:00Z',
      '2025-01-01T00:00:00Z',
    ];
    const expected: { id: string; at: string }[] = [];
    for (const at of times) {
      expected.push({ id: await videoAt(a.userId, at), at });
      expected.push({ id: await videoAt(b.userId, at), at });
    }
    // Drafts of followed channels, videos of others and one's own are not in one's feed.
    await videoAt(a.userId, '2025-03-01T12:00:00.000002Z', false);
    await videoAt(stranger.userId, '2025-03-01T12:00:00.000002Z');
    await videoAt(reader.userId, '2025-03-01T12:00:00.000002Z');

    for (const limit of [1, 5, 12, 50]) {
      const { seen, pages } = await walkFeed(reader, limit);
      expect(seen, `limit ${limit}`).toEqual(newestFirst(expected));
      // One more row than shown is read, so a last full page says there is no next one.
      expect(pages).toBe(Math.ceil(12 / limit));
    }
    const first = await feedPage(reader, 2, null);
    expect(first.videos[0]).toMatchObject({
      isPublished: true,
      owner: expect.objectContaining({ _id: expect.any(String), username: expect.any(String) }),
    });
  });

  it('neither repeats nor skips a video while new ones arrive, and leaves out one made a draft meanwhile', async () => {
    const reader = await registerUser(t.app);
    const channel = await registerUser(t.app);
    await follow(reader, channel.userId);
    const before: { id: string; at: string }[] = [];
    for (let i = 0; i < 9; i++) {
      const at = `2025-05-0${i + 1}T00:00:00Z`;
      before.push({ id: await videoAt(channel.userId, at), at });
    }
    const arrived: string[] = [];
    const oldest = newestFirst(before).at(-1)!;
    const { seen } = await walkFeed(reader, 4, async (page) => {
      // Published while the reader is between pages: newer than all, so above page one.
      if (page <= 2) arrived.push(await videoAt(channel.userId, `2026-0${page}-01T00:00:00Z`));
      // Made a draft before the reader got to it: it is not offered.
      if (page === 1) {
        await t.database.db
          .update(videos)
          .set({ isPublished: false })
          .where(sql`${videos.id} = ${oldest}`);
      }
    });
    expect(seen).toEqual(newestFirst(before).filter((id) => id !== oldest));
    expect(new Set(seen).size).toBe(seen.length);
    const fromTop = await walkFeed(reader, 50);
    expect(fromTop.seen).toEqual([
      ...arrived.reverse(),
      ...newestFirst(before).filter((id) => id !== oldest),
    ]);
  });

  it('gives a full page to a person following 1,000 channels, most of them silent', async () => {
    const reader = await registerUser(t.app);
    const suffix = uniqueSuffix();
    const channels = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          username: `ch${i}_${suffix}`.slice(0, 30),
          email: `ch${i}_${suffix}@example.test`,
          fullname: `Channel ${i}`,
          passwordHash: 'not a real hash',
        })),
      )
      .returning({ id: users.id });
    await t.database.db
      .insert(subscriptions)
      .values(channels.map((c) => ({ subscriberId: reader.userId, channelId: c.id })));
    // Every tenth channel published once, a channel in the middle many times.
    const expected: { id: string; at: string }[] = [];
    for (const [i, channel] of channels.entries()) {
      if (i % 10 !== 0) continue;
      const at = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
      expected.push({ id: await videoAt(channel.id, at), at });
    }
    for (let k = 0; k < 30; k++) {
      const at = new Date(Date.UTC(2024, 0, 1) + (k * 2 + 1) * 3_600_000).toISOString();
      expected.push({ id: await videoAt(channels[505]!.id, at), at });
    }
    const order = newestFirst(expected);
    const first = await feedPage(reader, 20, null);
    expect(first.videos.map((v) => v._id)).toEqual(order.slice(0, 20));
    const { seen } = await walkFeed(reader, 20);
    expect(seen).toEqual(order);
  });

  it('answers the same through its per-channel step when the site’s newest videos are others’', async () => {
    const reader = await registerUser(t.app);
    const [followed, busy] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    await follow(reader, followed.userId);
    const expected: { id: string; at: string }[] = [];
    for (let i = 1; i <= 7; i++) {
      const at = `2023-01-0${i}T00:00:00.00000${i}Z`;
      expected.push({ id: await videoAt(followed.userId, at), at });
    }
    // A busy channel nobody here follows fills the site's newest videos.
    for (let i = 1; i <= 5; i++) await videoAt(busy.userId, `2030-01-0${i}T00:00:00Z`);

    // A window of 2 of the site's newest never holds a followed video: every page comes from
    // the per-channel step, and must be what the usual window gives.
    const narrow = new SubscriptionsService(
      new SubscriptionsRepository(t.database.db, 2),
      t.services.videos,
      t.services.events,
    );
    const actor = { userId: reader.userId, role: 'user' as const };
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await narrow.videoFeed({ actor, limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...page.records.map((r) => r.id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(newestFirst(expected));
    expect(pages).toBe(3);
    expect((await walkFeed(reader, 3)).seen).toEqual(seen);
  });

  it('is empty for a person following nobody; refuses a visitor, a forged cursor and a bad limit', async () => {
    const loner = await registerUser(t.app);
    expect(await feedPage(loner, 20, null)).toEqual({ videos: [], nextCursor: null });
    expect((await callApi(t.app, 'subscriptionFeed')).statusCode).toBe(401);
    const forged = Buffer.from('12345.not-a-uuid').toString('base64url');
    for (const query of [
      { cursor: forged },
      { cursor: '%%' },
      { limit: 0 },
      { limit: 51 },
      { limit: malformed('x') },
    ]) {
      const res = await callApi(t.app, 'subscriptionFeed', { as: loner, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
  });
});
