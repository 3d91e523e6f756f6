import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../platform/db/schema';
import { callApi } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { clip, createVideo } from '../../../test/media-factories';

let t: TestApp;
let bob: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [bob] = await Promise.all([registerUser(t.app), clip()]);
});
afterAll(async () => {
  await t.close();
});

const toggle = (channelId: string, user?: RegisteredUser | null) =>
  callApi(t.app, 'toggleSubscription', { params: { channelId }, as: user });

async function status(channelId: string, user?: RegisteredUser | null) {
  const res = await callApi(t.app, 'subscriptionStatus', { params: { channelId }, as: user });
  expect(res.statusCode, res.body).toBe(200);
  return res.data;
}

const subscriptionRows = async (channelId: string, subscriberId?: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.channelId, channelId),
          subscriberId ? eq(subscriptions.subscriberId, subscriberId) : undefined,
        ),
      )
  )[0]!.n;

const storedCount = async (channelId: string) =>
  (
    await t.database.db
      .select({ n: users.subscribersCount })
      .from(users)
      .where(eq(users.id, channelId))
  )[0]!.n;

describe('POST /subscriptions/toggle/:channelId', () => {
  it('subscribes and unsubscribes a signed-in user, with status for everyone', async () => {
    const channel = await registerUser(t.app);
    const carol = await registerUser(t.app);
    expect((await toggle(channel.userId, null)).statusCode).toBe(401);

    const on = await toggle(channel.userId, bob);
    expect(on.statusCode).toBe(200);
    expect(on.data).toEqual({ isSubscribed: true, subscriberCount: 1 });
    expect(await status(channel.userId, bob)).toEqual({ isSubscribed: true, subscriberCount: 1 });
    expect(await status(channel.userId, carol)).toEqual({
      isSubscribed: false,
      subscriberCount: 1,
    });
    expect(await status(channel.userId, null)).toEqual({ isSubscribed: false, subscriberCount: 1 });
    // Subscribing is one way: the channel is not subscribed to bob.
    expect(await status(bob.userId, channel)).toMatchObject({ isSubscribed: false });

    expect((await toggle(channel.userId, carol)).data).toEqual({
      isSubscribed: true,
      subscriberCount: 2,
    });
    const off = await toggle(channel.userId, bob);
    expect(off.data).toEqual({ isSubscribed: false, subscriberCount: 1 });
    expect(await status(channel.userId, bob)).toEqual({ isSubscribed: false, subscriberCount: 1 });
    expect(await subscriptionRows(channel.userId)).toBe(1);
    expect(await storedCount(channel.userId)).toBe(1);
  });

  it('refuses subscribing to oneself (400), an unknown channel (404) and a malformed id (400)', async () => {
    const self = await toggle(bob.userId, bob);
    expect(self.statusCode).toBe(400);
    expect(self.json().success).toBe(false);
    expect(await subscriptionRows(bob.userId)).toBe(0);

    const unknown = randomUUID();
    expect((await toggle(unknown, bob)).statusCode).toBe(404);
    expect(
      (await callApi(t.app, 'subscriptionStatus', { params: { channelId: unknown } })).statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, 'channelSubscribers', { params: { channelId: unknown } })).statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, 'subscribedChannels', { params: { userId: unknown } })).statusCode,
    ).toBe(404);
    for (const call of [
      () => callApi(t.app, 'toggleSubscription', { params: { channelId: 'nope' }, as: bob }),
      () => callApi(t.app, 'subscriptionStatus', { params: { channelId: 'nope' }, as: bob }),
      () => callApi(t.app, 'channelSubscribers', { params: { channelId: 'nope' }, as: bob }),
      () => callApi(t.app, 'subscribedChannels', { params: { userId: 'nope' }, as: bob }),
    ]) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});

describe('subscription lists', () => {
  it('list subscribers and subscribed channels, newest first, without any email', async () => {
    const channel = await registerUser(t.app);
    const other = await registerUser(t.app);
    const fans = [await registerUser(t.app), await registerUser(t.app)];
    for (const fan of fans) expect((await toggle(channel.userId, fan)).statusCode).toBe(200);
    await toggle(other.userId, fans[0]!);

    const subscribersRes = await callApi(t.app, 'channelSubscribers', {
      params: { channelId: channel.userId },
    });
    expect(subscribersRes.statusCode).toBe(200);
    const subscribers = subscribersRes.data;
    expect(subscribers.map((s: { subscriberId: string }) => s.subscriberId)).toEqual([
      fans[1]!.userId,
      fans[0]!.userId,
    ]);
    expect(subscribers[0]).toEqual({
      subscriberId: fans[1]!.userId,
      username: fans[1]!.username,
      fullname: expect.any(String),
      avatar: expect.stringMatching(/^\/media\/avatars\//),
      subscribedAt: expect.any(String),
    });

    const channelsRes = await callApi(t.app, 'subscribedChannels', {
      params: { userId: fans[0]!.userId },
      as: bob,
    });
    expect(channelsRes.statusCode).toBe(200);
    const channels = channelsRes.data;
    expect(channels.map((c: { channelId: string }) => c.channelId)).toEqual([
      other.userId,
      channel.userId,
    ]);
    expect(channels[1]).toEqual({
      channelId: channel.userId,
      username: channel.username,
      fullname: expect.any(String),
      avatar: expect.stringMatching(/^\/media\/avatars\//),
      subscribersCount: 2,
      subscribedAt: expect.any(String),
    });

    for (const res of [subscribersRes, channelsRes]) {
      expect(res.body).not.toMatch(/email/i);
      for (const person of [channel, other, ...fans]) expect(res.body).not.toContain(person.email);
    }

    const paged = await callApi(t.app, 'channelSubscribers', {
      params: { channelId: channel.userId },
      query: { page: 2, limit: 1 },
    });
    expect(paged.data.map((s: { subscriberId: string }) => s.subscriberId)).toEqual([
      fans[0]!.userId,
    ]);
    expect(
      (await callApi(t.app, 'subscribedChannels', { params: { userId: bob.userId } })).data,
    ).toEqual([]);
  });
});

describe('concurrent subscriptions', () => {
  it('count 20 users subscribing at once exactly, also in the owner of a video', async () => {
    const channel = await registerUser(t.app);
    const video = await createVideo(t.app, channel);
    const crowd = await Promise.all(Array.from({ length: 20 }, () => registerUser(t.app)));
    const answers = await Promise.all(crowd.map((u) => toggle(channel.userId, u)));
    expect(answers.map((a) => a.statusCode)).toEqual(crowd.map(() => 200));
    expect(answers.every((a) => a.data.isSubscribed)).toBe(true);
    expect(await status(channel.userId)).toEqual({ isSubscribed: false, subscriberCount: 20 });
    expect(await subscriptionRows(channel.userId)).toBe(20);
    const seen = (await callApi(t.app, 'getVideo', { params: { id: video._id } })).data;
    expect(seen.owner).toMatchObject({ _id: channel.userId, subscribersCount: 20 });
    const listed = await callApi(t.app, 'channelSubscribers', {
      params: { channelId: channel.userId },
      query: { limit: 100 },
    });
    expect(listed.data).toHaveLength(20);
  });

  it('keep the count equal to the rows when one user toggles 10 times at once', async () => {
    const channel = await registerUser(t.app);
    const carol = await registerUser(t.app);
    // Another subscriber is there too, so a count that drifts below the rows shows.
    await toggle(channel.userId, carol);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => toggle(channel.userId, bob)),
    );
    expect.soft(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const bobs = await subscriptionRows(channel.userId, bob.userId);
    expect([0, 1]).toContain(bobs);
    const rows = await subscriptionRows(channel.userId);
    expect(rows).toBe(1 + bobs);
    expect(await storedCount(channel.userId)).toBe(rows);
    expect(await status(channel.userId, bob)).toEqual({
      isSubscribed: bobs === 1,
      subscriberCount: rows,
    });
  });
});

describe('ids in capitals', () => {
  it('are the same ids: subscribing to oneself by one is the usual 400, not a 500', async () => {
    const self = await toggle(bob.userId.toUpperCase(), bob);
    expect(self.statusCode, self.body).toBe(400);
    expect(await subscriptionRows(bob.userId)).toBe(0);
  });
});
