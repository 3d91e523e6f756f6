/**
 * The tweets feed reads each page's tweets in the statement that finds the page (decision
 * 0062): each is the tweet a listing shows the same reader (its owner, likes and `isLiked`),
 * and a tweet hidden by a moderator or held for a watched word is left out without stopping
 * the cursor, as when the records were read by id after the page was found.
 */
import type { Tweet, TweetFeed } from '@kinora/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tweets } from '../../platform/db/schema';
import { expectOk } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser } from '../../../test/factories';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function tweetAt(ownerId: string, createdAt: string) {
  const [row] = await t.database.db
    .insert(tweets)
    .values({ ownerId, content: `At ${createdAt}`, createdAt: sql`${createdAt}::timestamptz` })
    .returning({ id: tweets.id });
  return row!.id;
}

describe('GET /tweets/feed records', () => {
  it('are the tweets a listing shows the reader, leaving out hidden and held ones without stopping', async () => {
    const [reader, channel] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    await expectOk(t.app, 'toggleSubscription', {
      params: { channelId: channel.userId },
      as: reader,
    });
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++)
      ids.unshift(await tweetAt(channel.userId, `2021-03-0${i}T08:00:00Z`));
    const [, hidden, , held] = ids as [string, string, string, string, string];
    await t.database.db
      .update(tweets)
      .set({ hiddenAt: new Date(), hiddenReason: 'spam' })
      .where(eq(tweets.id, hidden));
    await t.database.db.update(tweets).set({ heldAt: new Date() }).where(eq(tweets.id, held));
    await expectOk(t.app, 'toggleTweetLike', { params: { id: ids[2]! }, as: reader });
    const visible = ids.filter((id) => id !== hidden && id !== held);

    const shown: Tweet[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: TweetFeed = await expectOk(t.app, 'tweetFeed', {
        as: reader,
        query: { limit: 1, ...(cursor ? { cursor } : {}) },
      });
      shown.push(...page.tweets);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(shown.map((tw) => tw._id)).toEqual(visible);
    // Pages that found the hidden or the held tweet showed none, and the walk went past them.
    expect(pages).toBe(5);
    expect(shown.map((tw) => tw.isLiked)).toEqual([false, true, false]);

    const listed = await expectOk(t.app, 'userTweets', {
      params: { id: channel.userId },
      query: { limit: 10 },
      as: reader,
    });
    expect(shown).toEqual(listed.tweets.filter((tw) => visible.includes(tw._id)));
  });
});
