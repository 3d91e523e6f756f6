import { randomUUID } from 'node:crypto';
import type { TweetFeed } from '@kinora/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes, tweets } from '../../platform/db/schema';
import { grantUserRole } from '../users';
import { callApi, expectOk, malformed } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { cookieHeader, registerUser, type RegisteredUser } from '../../../test/factories';
import { TweetsRepository } from './tweets.repository';
import { TweetsService } from './tweets.service';

let t: TestApp;
let alice: RegisteredUser;
let bob: RegisteredUser;
let moderator: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, moderator] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
  ]);
  await grantUserRole({ username: moderator.username, role: 'moderator' }, t.database.db);
});
afterAll(async () => {
  await t.close();
});

const post = (user: RegisteredUser, content: string) =>
  expectOk(t.app, 'createTweet', { as: user, body: { content } });

const likeRows = async (tweetId: string) =>
  (await t.database.db.select({ n: count() }).from(likes).where(eq(likes.tweetId, tweetId)))[0]!.n;

/** Tweets at chosen times (to the microsecond), for orders that do not hang on the clock. */
async function tweetAt(ownerId: string, createdAt: string, content = 'At a chosen time') {
  const [row] = await t.database.db
    .insert(tweets)
    .values({ ownerId, content, createdAt: sql`${createdAt}::timestamptz` })
    .returning({ id: tweets.id });
  return row!.id;
}

describe('POST /tweets', () => {
  it('posts the trimmed text and answers the whole tweet as lists show it', async () => {
    const tweet = await post(alice, '   Hello, world!  \n');
    expect(tweet).toEqual({
      _id: expect.any(String),
      content: 'Hello, world!',
      createdAt: expect.any(String),
      owner: {
        _id: alice.userId,
        username: alice.username,
        fullname: expect.any(String),
        avatar: expect.stringMatching(/^\/media\/avatars\//),
      },
      likesCount: 0,
      isLiked: false,
      isEdited: false,
      editedAt: null,
    });
    expect(JSON.stringify(tweet)).not.toContain(alice.email);
    expect((await post(alice, 'x'.repeat(280))).content).toHaveLength(280);
  });

  it('answers the tweet its statement wrote exactly as its author then reads it (decision 0069)', async () => {
    const tweet = await post(bob, 'Answered from the insert itself');
    const mine = await expectOk(t.app, 'myTweets', { query: { limit: 50 }, as: bob });
    expect(mine.tweets.find((x) => x._id === tweet._id)).toEqual(tweet);
  });

  it('refuses an empty, blank, too long or missing text (400) and a visitor (401)', async () => {
    for (const payload of [
      { content: '' },
      { content: '   \n ' },
      { content: 'x'.repeat(281) },
      {},
    ]) {
      const res = await callApi(t.app, 'createTweet', { as: alice, body: malformed(payload) });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    // 280 characters once trimmed is within the limit, whatever surrounds it.
    expect(
      (
        await callApi(t.app, 'createTweet', {
          as: alice,
          body: { content: ` ${'y'.repeat(280)} ` },
        })
      ).statusCode,
    ).toBe(201);
    expect((await callApi(t.app, 'createTweet', { body: { content: 'Hi' } })).statusCode).toBe(401);
  });
});

describe('@mentions in tweets', () => {
  const tweetsOf = async (ownerId: string) =>
    (await t.database.db.select({ n: count() }).from(tweets).where(eq(tweets.ownerId, ownerId)))[0]!
      .n;

  it('keeps a tweet that names real people, and refuses one naming nobody, writing nothing', async () => {
    const named = await post(alice, `Thanks @${bob.username}, and hello @${moderator.username}!`);
    expect(named.content).toContain(`@${bob.username}`);

    const before = await tweetsOf(alice.userId);
    const res = await callApi(t.app, 'createTweet', {
      as: alice,
      body: { content: `Hi @${bob.username} and @nobody_tweets_here` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Nobody is called @nobody_tweets_here',
      errors: [{ field: 'content', message: 'Nobody is called @nobody_tweets_here' }],
    });
    expect(await tweetsOf(alice.userId)).toBe(before);
  });

  it('refuses an edit that names nobody and keeps the text as it was', async () => {
    const tweet = await post(alice, 'Before the edit');
    const res = await callApi(t.app, 'updateTweet', {
      params: { id: tweet._id },
      as: alice,
      body: { content: 'After the edit, @nobody_edits_here' },
    });
    expect(res.statusCode).toBe(400);
    const [row] = await t.database.db
      .select({ content: tweets.content })
      .from(tweets)
      .where(eq(tweets.id, tweet._id));
    expect(row!.content).toBe('Before the edit');
  });
});

describe('tweets written with the session cookie', () => {
  it('are taken from our own pages and refused from another site’s (decision 0017)', async () => {
    const cookie = cookieHeader(alice.cookies);
    const from = (origin: string) => ({ cookie, host: 'kinora.test', origin });
    const foreign = await callApi(t.app, 'createTweet', {
      headers: from('http://evil.test'),
      body: { content: 'Forged' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.error.code).toBe('FOREIGN_ORIGIN');
    const posted = await callApi(t.app, 'createTweet', {
      headers: from('http://kinora.test'),
      body: { content: 'From our page' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.data._id;
    expect(
      (
        await callApi(t.app, 'updateTweet', {
          params: { id },
          headers: from('http://evil.test'),
          body: { content: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await callApi(t.app, 'deleteTweet', { params: { id }, headers: from('http://evil.test') }))
        .statusCode,
    ).toBe(403);
    const mine = await expectOk(t.app, 'myTweets', { query: { limit: 100 }, as: alice });
    expect(mine.tweets.map((tw) => tw.content)).not.toContain('Forged');
    expect(mine.tweets.find((tw) => tw._id === id)).toMatchObject({ isEdited: false });
    expect(
      (await callApi(t.app, 'deleteTweet', { params: { id }, headers: from('http://kinora.test') }))
        .statusCode,
    ).toBe(200);
  });
});

describe('PATCH /tweets/:id', () => {
  it('lets the owner edit, marking the tweet edited; others get 403, nothing changed', async () => {
    const tweet = await post(alice, 'First draft of a thought');
    for (const user of [bob, moderator]) {
      const res = await callApi(t.app, 'updateTweet', {
        params: { id: tweet._id },
        as: user,
        body: { content: 'Hijacked' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.error.code).toBe('FORBIDDEN');
    }
    expect(
      (await callApi(t.app, 'updateTweet', { params: { id: tweet._id }, body: { content: 'No' } }))
        .statusCode,
    ).toBe(401);
    const edited = await expectOk(t.app, 'updateTweet', {
      params: { id: tweet._id },
      as: alice,
      body: {
        content: '  A better thought  ',
      },
    });
    expect(edited).toMatchObject({
      _id: tweet._id,
      content: 'A better thought',
      createdAt: tweet.createdAt,
      isEdited: true,
      editedAt: expect.any(String),
    });
    const listed = await expectOk(t.app, 'userTweets', {
      params: { id: alice.userId },
      query: { limit: 50 },
    });
    expect(listed.tweets.find((t) => t._id === tweet._id)).toMatchObject({
      content: 'A better thought',
      isEdited: true,
    });
  });

  it('answers 404 for an unknown tweet, 400 for a malformed id or a bad text', async () => {
    const tweet = await post(alice, 'Stays as it is');
    expect(
      (
        await callApi(t.app, 'updateTweet', {
          params: { id: randomUUID() },
          as: alice,
          body: { content: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await callApi(t.app, 'updateTweet', {
          params: { id: 'nope' },
          as: alice,
          body: { content: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    for (const content of ['  ', 'z'.repeat(281)]) {
      expect(
        (
          await callApi(t.app, 'updateTweet', {
            params: { id: tweet._id },
            as: alice,
            body: { content },
          })
        ).statusCode,
      ).toBe(400);
    }
  });
});

describe('DELETE /tweets/:id', () => {
  it('lets the owner delete a tweet, its likes with it; others get 403', async () => {
    const tweet = await post(alice, 'Soon gone');
    await expectOk(t.app, 'toggleTweetLike', { params: { id: tweet._id }, as: bob });
    await expectOk(t.app, 'toggleTweetLike', { params: { id: tweet._id }, as: moderator });
    expect(await likeRows(tweet._id)).toBe(2);
    for (const user of [bob, moderator]) {
      expect(
        (await callApi(t.app, 'deleteTweet', { params: { id: tweet._id }, as: user })).statusCode,
      ).toBe(403);
    }
    expect((await callApi(t.app, 'deleteTweet', { params: { id: tweet._id } })).statusCode).toBe(
      401,
    );
    expect(await expectOk(t.app, 'deleteTweet', { params: { id: tweet._id }, as: alice })).toEqual(
      {},
    );
    expect(await likeRows(tweet._id)).toBe(0);
    expect(
      (await callApi(t.app, 'deleteTweet', { params: { id: tweet._id }, as: alice })).statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, 'toggleTweetLike', { params: { id: tweet._id }, as: bob })).statusCode,
    ).toBe(404);
    const listed = await expectOk(t.app, 'userTweets', {
      params: { id: alice.userId },
      query: { limit: 100 },
    });
    expect(listed.tweets.map((t) => t._id)).not.toContain(tweet._id);
  });
});

describe('tweet lists', () => {
  it('GET /tweets/user/:id and /tweets/my-tweets page one person’s tweets, also as docs', async () => {
    const carol = await registerUser(t.app);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await post(carol, `Carol ${i}`))._id);
    await post(bob, 'Not Carol’s');
    await expectOk(t.app, 'toggleTweetLike', { params: { id: ids[2]! }, as: bob });

    const first = await expectOk(t.app, 'userTweets', {
      params: { id: carol.userId },
      query: { page: 1, limit: 2 },
      as: bob,
    });
    expect(first.tweets.map((t) => t._id)).toEqual([ids[2], ids[1]]);
    expect(first.docs).toEqual(first.tweets);
    expect(first).toMatchObject({ totalTweets: 3, totalPages: 2, page: 1, hasNextPage: true });
    expect(first.tweets[0]).toMatchObject({ likesCount: 1, isLiked: true });
    const second = await expectOk(t.app, 'userTweets', {
      params: { id: carol.userId },
      query: { page: 2, limit: 2 },
    });
    expect(second.docs.map((t) => t._id)).toEqual([ids[0]]);

    const mine = await expectOk(t.app, 'myTweets', { query: { limit: 50 }, as: carol });
    expect(mine.tweets.map((t) => t._id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(mine.docs).toEqual(mine.tweets);
    expect((await callApi(t.app, 'myTweets')).statusCode).toBe(401);
    expect((await callApi(t.app, 'userTweets', { params: { id: randomUUID() } })).statusCode).toBe(
      404,
    );
  });

  it('GET /tweets lists everyone’s or one user’s, sorted as asked, with page counts', async () => {
    const dave = await registerUser(t.app);
    const early = await tweetAt(dave.userId, '2020-01-01T00:00:00.000001Z', 'early');
    const late = await tweetAt(dave.userId, '2020-01-01T00:00:00.000002Z', 'late');
    const liked = await tweetAt(dave.userId, '2019-06-01T00:00:00Z', 'liked');
    await expectOk(t.app, 'toggleTweetLike', { params: { id: liked }, as: bob });

    const newest = await expectOk(t.app, 'listTweets', { query: { userId: dave.userId } });
    expect(newest.tweets.map((t) => t._id)).toEqual([late, early, liked]);
    expect(newest).toMatchObject({ totalTweets: 3, totalPages: 1, page: 1, limit: 10 });
    const oldest = await expectOk(t.app, 'listTweets', {
      query: { userId: dave.userId, sortBy: 'createdAt', sortType: 'asc', limit: 2, page: 2 },
    });
    expect(oldest.tweets.map((t) => t._id)).toEqual([late]);
    expect(oldest).toMatchObject({ totalPages: 2, hasNextPage: false });
    const mostLiked = await expectOk(t.app, 'listTweets', {
      query: { userId: dave.userId, sortBy: 'likesCount' },
    });
    expect(mostLiked.tweets[0]?._id).toBe(liked);

    // Everyone's: newest first by default, the caller's likes shown.
    const all = await expectOk(t.app, 'listTweets', { query: { limit: 100 }, as: bob });
    const times = all.tweets.map((t) => Date.parse(t.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.tweets.find((t) => t._id === liked)).toMatchObject({ isLiked: true });
    expect(all.totalTweets).toBeGreaterThanOrEqual(all.tweets.length);

    for (const query of [
      { sortBy: malformed('title') },
      { sortType: malformed('up') },
      { userId: 'nope' },
      { page: 0 },
      { limit: 101 },
    ]) {
      expect(
        (await callApi(t.app, 'listTweets', { query })).statusCode,
        JSON.stringify(query),
      ).toBe(400);
    }
  });
});

describe('GET /tweets/channels', () => {
  it('lists every followed channel that has tweets, however many newer tweets another posted', async () => {
    const reader = await registerUser(t.app);
    const [quiet, busy, silent, stranger] = await Promise.all([
      registerUser(t.app),
      registerUser(t.app),
      registerUser(t.app),
      registerUser(t.app),
    ]);
    for (const channel of [quiet, busy, silent]) {
      await expectOk(t.app, 'toggleSubscription', {
        params: { channelId: channel.userId },
        as: reader,
      });
    }
    await tweetAt(quiet.userId, '2024-01-01T00:00:00Z', 'quiet, older');
    const quietLatest = await tweetAt(quiet.userId, '2024-02-01T00:00:00Z', 'quiet, newest');
    // More newer tweets than the feed's first page of 50 holds: the quiet channel stays listed.
    let busyLatest = '';
    for (let i = 0; i < 60; i++) {
      busyLatest = await tweetAt(
        busy.userId,
        `2024-03-01T00:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z`,
        `busy ${i}`,
      );
    }
    await tweetAt(stranger.userId, '2024-06-01T00:00:00Z', 'not followed');
    await tweetAt(reader.userId, '2024-06-01T00:00:00Z', 'my own');

    const all = await expectOk(t.app, 'tweetChannels', { query: { limit: 10 }, as: reader });
    expect(all).toEqual({
      channels: [
        {
          _id: busy.userId,
          username: busy.username,
          fullname: expect.any(String),
          avatar: expect.stringMatching(/^\/media\/avatars\//),
          latestTweet: {
            _id: busyLatest,
            content: 'busy 59',
            createdAt: '2024-03-01T00:00:59.000Z',
          },
        },
        {
          _id: quiet.userId,
          username: quiet.username,
          fullname: expect.any(String),
          avatar: expect.stringMatching(/^\/media\/avatars\//),
          latestTweet: {
            _id: quietLatest,
            content: 'quiet, newest',
            createdAt: '2024-02-01T00:00:00.000Z',
          },
        },
      ],
      page: 1,
      limit: 10,
      hasNextPage: false,
    });
    expect(JSON.stringify(all)).not.toContain(busy.email);

    // A page at a time, the most recently tweeting first.
    const first = await expectOk(t.app, 'tweetChannels', {
      query: { page: 1, limit: 1 },
      as: reader,
    });
    expect(first.channels.map((c) => c._id)).toEqual([busy.userId]);
    expect(first.hasNextPage).toBe(true);
    const second = await expectOk(t.app, 'tweetChannels', {
      query: { page: 2, limit: 1 },
      as: reader,
    });
    expect(second.channels.map((c) => c._id)).toEqual([quiet.userId]);
    expect(second.hasNextPage).toBe(false);

    // A channel leaves the list when one unsubscribes.
    await expectOk(t.app, 'toggleSubscription', { params: { channelId: busy.userId }, as: reader });
    const after = await expectOk(t.app, 'tweetChannels', { as: reader });
    expect(after.channels.map((c) => c._id)).toEqual([quiet.userId]);
  });

  it('answers an empty list to someone who follows no one, and 401 to visitors', async () => {
    const loner = await registerUser(t.app);
    expect(await expectOk(t.app, 'tweetChannels', { as: loner })).toEqual({
      channels: [],
      page: 1,
      limit: 10,
      hasNextPage: false,
    });
    expect((await callApi(t.app, 'tweetChannels')).statusCode).toBe(401);
    for (const bad of [{ limit: 500 }, { limit: 'ten' }, { page: 0 }, { page: 'a\u0000b' }]) {
      const res = await callApi(t.app, 'tweetChannels', { as: loner, query: malformed(bad) });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('GET /tweets/feed', () => {
  it('gives the followed channels’ tweets newest first, by keyset, without gaps or repeats while tweets arrive', async () => {
    const reader = await registerUser(t.app);
    const [followed1, followed2, stranger] = await Promise.all([
      registerUser(t.app),
      registerUser(t.app),
      registerUser(t.app),
    ]);
    for (const channel of [followed1, followed2]) {
      await expectOk(t.app, 'toggleSubscription', {
        params: { channelId: channel.userId },
        as: reader,
      });
    }
    // Same instants in both channels (the id breaks the tie) and a microsecond apart.
    const times = [
      '2024-05-01T10:00:00.000001Z',
      '2024-05-01T10:00:00.000001Z',
      '2024-05-01T10:00:00.000002Z',
      '2024-05-01T10:00:00.000003Z',
      '2024-04-01T00:00:00Z',
    ];
    const made: { id: string; at: string }[] = [];
    for (const [i, at] of times.entries()) {
      for (const channel of [followed1, followed2]) {
        made.push({ id: await tweetAt(channel.userId, at, `tweet ${i}`), at });
      }
    }
    await tweetAt(stranger.userId, '2024-05-01T10:00:00.000002Z', 'not followed');
    await tweetAt(reader.userId, '2024-05-01T10:00:00.000002Z', 'my own');
    const expected = [...made]
      .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1))
      .map((m) => m.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: TweetFeed = await expectOk(t.app, 'tweetFeed', {
        as: reader,
        query: { limit: 3, ...(cursor ? { cursor } : {}) },
      });
      seen.push(...page.tweets.map((tw) => tw._id));
      cursor = page.nextCursor;
      pages += 1;
      // New tweets arrive while the reader walks down: they go above the first page.
      if (pages === 1) await post(followed1, 'Arrived while reading');
      expect(pages).toBeLessThan(10);
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(pages).toBe(4);

    const fresh = await expectOk(t.app, 'tweetFeed', { query: { limit: 1 }, as: reader });
    expect(fresh.tweets[0]).toMatchObject({ content: 'Arrived while reading' });
    expect(fresh.nextCursor).toEqual(expect.any(String));
  });

  it('answers the same through its per-channel step when the site’s newest tweets are others’', async () => {
    const reader = await registerUser(t.app);
    const [followed, busy] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    await expectOk(t.app, 'toggleSubscription', {
      params: { channelId: followed.userId },
      as: reader,
    });
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++)
      ids.unshift(await tweetAt(followed.userId, `2021-01-0${i}T00:00:00Z`));
    for (let i = 1; i <= 4; i++) await tweetAt(busy.userId, `2031-01-0${i}T00:00:00Z`);
    // A window of 2 of the site's newest never holds a followed tweet: every page comes from
    // the per-channel step.
    const narrow = new TweetsService(new TweetsRepository(t.database.db, 2), t.services.events);
    const actor = { userId: reader.userId, role: 'user' as const };
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await narrow.tweetFeed({ actor, limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.records.map((r) => r.id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(ids);
    expect(pages).toBe(3);
    const usual = await expectOk(t.app, 'tweetFeed', { query: { limit: 50 }, as: reader });
    expect(usual.tweets.map((tw) => tw._id)).toEqual(ids);
  });

  it('is empty for a person following nobody; refuses a visitor, a forged cursor and a large limit', async () => {
    const loner = await registerUser(t.app);
    expect(await expectOk(t.app, 'tweetFeed', { as: loner })).toEqual({
      tweets: [],
      nextCursor: null,
    });
    expect((await callApi(t.app, 'tweetFeed')).statusCode).toBe(401);
    for (const query of [{ cursor: 'bm9wZQ' }, { cursor: ' ' }, { limit: 51 }, { limit: 0 }]) {
      const res = await callApi(t.app, 'tweetFeed', { as: loner, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('a channel’s tweets count', () => {
  it('appears in its stats under both names, and follows posting and deleting', async () => {
    const erin = await registerUser(t.app);
    const stats = async () =>
      (await expectOk(t.app, 'getChannel', { params: { id: erin.userId } })).stats;
    expect(await stats()).toMatchObject({ tweetsCount: 0, totalTweets: 0 });
    const first = await post(erin, 'One');
    await post(erin, 'Two');
    expect(await stats()).toMatchObject({ tweetsCount: 2, totalTweets: 2 });
    await expectOk(t.app, 'deleteTweet', { params: { id: first._id }, as: erin });
    expect(await stats()).toMatchObject({ tweetsCount: 1, totalTweets: 1 });
  });
});
