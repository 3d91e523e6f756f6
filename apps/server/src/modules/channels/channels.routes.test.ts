/**
 * The channel answers in the shapes the spec's client reads: stats under both namings, the
 * videos as a plain list, one's own stats as the profile. Videos are written straight to the
 * database with chosen figures (views, likes, drafts); everything is read through the API.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tweets, videos } from '../../platform/db/schema';
import { grantUserRole } from '../users';
import { callApi } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';

let t: TestApp;
let owner: RegisteredUser;
let other: RegisteredUser;
let moderator: RegisteredUser;
let fan: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [owner, other, moderator, fan] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
  ]);
  await grantUserRole({ username: moderator.username, role: 'moderator' }, t.database.db);
  const db = t.database.db;
  await db.insert(videos).values([
    { ownerId: owner.userId, title: 'One', description: '', views: 100, likesCount: 7 },
    { ownerId: owner.userId, title: 'Two', description: '', views: 20, likesCount: 3 },
    // A draft: counted for its owner (and staff), its figures in the owner's totals.
    {
      ownerId: owner.userId,
      title: 'Draft',
      description: '',
      views: 5,
      likesCount: 1,
      isPublished: false,
    },
  ]);
  await db.insert(tweets).values([
    { ownerId: owner.userId, content: 'First' },
    { ownerId: owner.userId, content: 'Second' },
  ]);
  // The owner follows one channel and is followed by one person.
  for (const [reader, channel] of [
    [owner, other],
    [fan, owner],
  ] as const) {
    const res = await callApi(t.app, 'toggleSubscription', {
      params: { channelId: channel.userId },
      as: reader,
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /channels/:id', () => {
  it('carries its stats under both namings; views and likes only for the owner', async () => {
    const seen: Record<string, unknown> = {};
    for (const [name, user] of Object.entries({ visitor: null, other, moderator, owner })) {
      const res = await callApi(t.app, 'getChannel', { params: { id: owner.userId }, as: user });
      expect(res.statusCode, res.body).toBe(200);
      const { channel, stats } = res.data;
      expect(stats.createdAt).toBe(channel.createdAt);
      seen[name] = stats;
      expect(res.body).not.toContain(owner.email);
    }
    const shared = {
      totalSubscribers: 1,
      subscribersCount: 1,
      totalTweets: 2,
      tweetsCount: 2,
      totalSubscriptions: 1,
      subscriptionsCount: 1,
      createdAt: expect.any(String),
    };
    const published = { ...shared, totalVideos: 2, videosCount: 2 };
    expect(seen).toEqual({
      visitor: { ...published, totalViews: null, totalLikes: null },
      other: { ...published, totalViews: null, totalLikes: null },
      // Staff see the drafts in the count, as in the listing, but not the owner's totals.
      moderator: { ...shared, totalVideos: 3, videosCount: 3, totalViews: null, totalLikes: null },
      owner: { ...shared, totalVideos: 3, videosCount: 3, totalViews: 125, totalLikes: 11 },
    });
  });
});

describe('GET /channels/:id for signed-in readers (decision 0058)', () => {
  it('shares the kept answer with each reader’s own isSubscribed, their change at once, nobody else’s', async () => {
    const [ann, ben] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const read = async (reader: RegisteredUser | null, channel: RegisteredUser = owner) => {
      const res = await callApi(t.app, 'getChannel', {
        params: { id: channel.userId },
        as: reader,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const subscribed = async (reader: RegisteredUser, channel: RegisteredUser = owner) =>
      (await read(reader, channel)).data.channel.isSubscribed;
    const toggle = async (reader: RegisteredUser, channel: RegisteredUser = owner) => {
      const res = await callApi(t.app, 'toggleSubscription', {
        params: { channelId: channel.userId },
        as: reader,
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    const visitor = await read(null);
    // The reader's answer is the visitor's with their own flag: the rest byte for byte.
    expect((await read(fan)).body).toBe(
      visitor.body.replace('"isSubscribed":false', '"isSubscribed":true'),
    );
    expect((await read(ann)).body).toBe(visitor.body);
    expect(await subscribed(ann)).toBe(false);
    expect(await subscribed(ben)).toBe(false);

    await toggle(ann);
    expect(await subscribed(ann)).toBe(true);
    expect(await subscribed(ben)).toBe(false);
    expect(await subscribed(fan)).toBe(true);
    // Another channel's answer for Ann is unchanged; Ben's follow there is his alone.
    expect(await subscribed(ann, other)).toBe(false);
    await toggle(ben, other);
    expect(await subscribed(ben, other)).toBe(true);
    expect(await subscribed(ann, other)).toBe(false);
    expect(await subscribed(ann)).toBe(true);

    await toggle(ann);
    expect(await subscribed(ann)).toBe(false);
    expect(await subscribed(fan)).toBe(true);
    expect((await read(null)).data.channel.isSubscribed).toBe(false);
    // The channels' figures the other tests read stay as they were.
    await toggle(ben, other);
    expect(await subscribed(ben, other)).toBe(false);
  });
});

describe('GET /channels/:id/videos', () => {
  it('answers a plain list in data, paged by the query, the total in X-Total-Count', async () => {
    const visitor = await callApi(t.app, 'channelVideos', { params: { id: owner.userId } });
    expect(visitor.statusCode).toBe(200);
    const list = visitor.data;
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((v) => v.title).sort()).toEqual(['One', 'Two']);
    expect(visitor.headers['x-total-count']).toBe('2');

    const owners = await callApi(t.app, 'channelVideos', {
      params: { id: owner.userId },
      query: { sortBy: 'views', limit: 2, page: 1 },
      as: owner,
    });
    expect(owners.data.map((v) => v.title)).toEqual(['One', 'Two']);
    expect(owners.headers['x-total-count']).toBe('3');
    const next = await callApi(t.app, 'channelVideos', {
      params: { id: owner.userId },
      query: { sortBy: 'views', limit: 2, page: 2 },
      as: owner,
    });
    expect(next.data.map((v) => v.title)).toEqual(['Draft']);

    expect(
      (await callApi(t.app, 'channelVideos', { params: { id: randomUUID() } })).statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, 'channelVideos', { params: { id: owner.userId }, query: { limit: 0 } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('GET /users/my-stats', () => {
  it('is also the profile: the user’s own fields, email included, with every figure', async () => {
    const res = await callApi(t.app, 'myStats', { as: owner });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toEqual({
      _id: owner.userId,
      username: owner.username,
      fullname: expect.any(String),
      email: owner.email,
      avatar: expect.stringMatching(/^\/media\/avatars\//),
      coverImage: null,
      createdAt: expect.any(String),
      videosCount: 3,
      tweetsCount: 2,
      subscribersCount: 1,
      subscriptionsCount: 1,
      totalViews: 125,
      totalLikes: 11,
    });
    // Another person's stats are their own: a fresh account has none of the owner's.
    expect((await callApi(t.app, 'myStats', { as: other })).data).toMatchObject({
      _id: other.userId,
      email: other.email,
      videosCount: 0,
      subscribersCount: 1,
    });
    expect((await callApi(t.app, 'myStats')).statusCode).toBe(401);
  });
});
