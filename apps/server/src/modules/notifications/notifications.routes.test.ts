/**
 * Notifications made from real events through the real endpoints (decision 0035): each kind, the
 * grouping of likes, what is hidden when read, settings, marks, paging, and the live count on the
 * socket. Runs on PGlite and on PostgreSQL.
 */
import {
  notificationKinds,
  type Notification,
  type NotificationKind,
  type ServerSocketEvents,
} from '@kinora/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectOk, malformed } from '../../../test/api-client';
import { sql } from 'drizzle-orm';
import type { RegisteredUser } from '../../../test/factories';
import { freePort } from '../../../test/free-port';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createVideo, eventually, togglePublish, uploadAsset } from '../../../test/media-factories';
import { people, sendMessageRequest } from '../../../test/messaging-factories';
import { grantUserRole } from '../users';
import { NotificationsRepository } from './notifications.repository';
import { mentionedUsernames } from './notifications.service';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Workers run: a new video's fan-out is a job.
  t = await createTestApp({}, { workers: true });
  const port = await freePort();
  await t.app.listen({ port, host: '127.0.0.1' });
  url = `http://127.0.0.1:${port}`;
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

const list = async (user: RegisteredUser, query: { limit?: number; cursor?: string } = {}) =>
  expectOk(t.app, 'listNotifications', { as: user, query });
const unread = async (user: RegisteredUser) =>
  (await expectOk(t.app, 'unreadNotifications', { as: user })).unreadCount;

/** Waits until the person's entries satisfy `check` (events run after the commit). */
async function until(
  user: RegisteredUser,
  check: (entries: Notification[]) => boolean,
  what: string,
): Promise<Notification[]> {
  return eventually(
    async () => {
      const { notifications } = await list(user, { limit: 50 });
      return check(notifications) ? notifications : undefined;
    },
    { timeoutMs: 15_000, intervalMs: 25, what },
  );
}
const ofKind = (entries: Notification[], kind: NotificationKind) =>
  entries.filter((n) => n.kind === kind);

/** Lets listeners of events already emitted finish (they are not awaited by the call). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function comment(user: RegisteredUser, videoId: string, content: string) {
  return expectOk(t.app, 'addComment', { params: { videoId }, as: user, body: { content } });
}

describe('notifications of each kind', () => {
  it('tells a channel of a new subscriber, and forgets it when the subscription is taken back', async () => {
    const [alice, bob] = await people(t.app, 2);
    await expectOk(t.app, 'toggleSubscription', { params: { channelId: bob.userId }, as: alice });
    const entries = await until(bob, (e) => e.length === 1, 'a subscriber entry');
    expect(entries[0]).toMatchObject({
      kind: 'new_subscriber',
      actor: { _id: alice.userId, username: alice.username },
      othersCount: 0,
      isRead: false,
    });
    expect(await unread(bob)).toBe(1);
    await expectOk(t.app, 'toggleSubscription', { params: { channelId: bob.userId }, as: alice });
    await until(bob, (e) => e.length === 0, 'the entry gone');
    expect(await unread(bob)).toBe(0);
  });

  it('tells a video’s owner of a comment, not of their own, and drops it with the comment', async () => {
    const [owner, alice] = await people(t.app, 2);
    const video = await createVideo(t.app, owner, { title: 'Owner’s video' });
    await comment(owner, video._id, 'My own comment');
    const made = await comment(alice, video._id, 'Nice work!');
    const entries = await until(owner, (e) => e.length > 0, 'a comment entry');
    await settle();
    expect((await list(owner)).notifications).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'video_comment',
      actor: { _id: alice.userId },
      video: { _id: video._id, title: 'Owner’s video' },
      comment: { _id: made._id, content: 'Nice work!' },
    });
    await expectOk(t.app, 'deleteComment', { params: { commentId: made._id }, as: alice });
    await until(owner, (e) => e.length === 0, 'the entry gone with the comment');
  });

  it('tells people @mentioned in a comment or a tweet, only those who exist, never oneself', async () => {
    const [owner, alice, carol] = await people(t.app, 3);
    const video = await createVideo(t.app, owner);
    // A comment or tweet naming nobody is refused (issue 21's bad input): only real people.
    const text = `Look @${carol.username}, me @${alice.username}.`;
    const made = await comment(alice, video._id, text);
    const carols = await until(carol, (e) => e.length === 1, 'a mention');
    expect(carols[0]).toMatchObject({
      kind: 'mention',
      actor: { _id: alice.userId },
      comment: { _id: made._id },
      video: { _id: video._id },
    });
    // The owner is told of the comment, not of a mention too.
    await until(owner, (e) => e.length === 1 && e[0]!.kind === 'video_comment', 'the comment');

    const naming = (content: string) =>
      callApi(t.app, 'createTweet', { as: alice, body: { content } });
    expect(
      (await naming(`Hello @${carol.username} and @nobody_here_${Date.now() % 1000}!`)).statusCode,
    ).toBe(400);
    const tweet = await expectOk(t.app, 'createTweet', {
      as: alice,
      body: { content: `Hello @${carol.username.toUpperCase()}!` },
    });
    const both = await until(carol, (e) => e.length === 2, 'a tweet mention');
    expect(both[0]).toMatchObject({ kind: 'mention', tweet: { _id: tweet._id }, video: null });
    await settle();
    expect((await list(alice)).notifications).toHaveLength(0);

    // An edit that no longer names her takes her entry away.
    await expectOk(t.app, 'updateComment', {
      params: { commentId: made._id },
      as: alice,
      body: { content: 'No names any more' },
    });
    await until(carol, (e) => e.length === 1 && e[0]!.tweet !== null, 'the comment mention gone');
  });

  it('groups likes on a comment in one entry with exact counts, and an unlike leaves no stale one', async () => {
    const [owner, author, a, b, c] = await people(t.app, 5);
    const video = await createVideo(t.app, owner);
    const made = await comment(author, video._id, 'Like me');
    const like = (user: RegisteredUser) =>
      expectOk(t.app, 'toggleCommentLike', { params: { id: made._id }, as: user });
    await like(author); // one's own like tells nobody
    await Promise.all([like(a), like(b)]);
    await like(c);
    let entries = await until(
      author,
      (e) => ofKind(e, 'comment_like')[0]?.othersCount === 2,
      'likes grouped',
    );
    expect(ofKind(entries, 'comment_like')).toHaveLength(1);
    expect(ofKind(entries, 'comment_like')[0]).toMatchObject({
      actor: { _id: c.userId },
      othersCount: 2,
      comment: { _id: made._id },
    });
    await like(c); // unlike: the latest is b or a now
    entries = await until(author, (e) => ofKind(e, 'comment_like')[0]?.othersCount === 1, '2 left');
    expect([a.userId, b.userId]).toContain(ofKind(entries, 'comment_like')[0]!.actor._id);
    await Promise.all([like(a), like(b)]);
    await until(author, (e) => ofKind(e, 'comment_like').length === 0, 'no entry of nobody');
    expect(await unread(author)).toBe(0);
  });

  it('tells followers of a new video by a job, and hides it when the video goes back to a draft', async () => {
    const [channel, f1, f2, stranger] = await people(t.app, 4);
    for (const follower of [f1, f2]) {
      await expectOk(t.app, 'toggleSubscription', {
        params: { channelId: channel.userId },
        as: follower,
      });
    }
    const video = await createVideo(t.app, channel, { title: 'Brand new' });
    for (const follower of [f1, f2]) {
      const entries = await until(follower, (e) => e.length === 1, 'the new video');
      expect(entries[0]).toMatchObject({
        kind: 'new_video',
        actor: { _id: channel.userId },
        video: { _id: video._id, title: 'Brand new' },
      });
    }
    await togglePublish(t.app, channel, video._id);
    expect((await list(f1)).notifications).toHaveLength(0);
    expect(await unread(f1)).toBe(0);
    // Published again: the one entry shows again, not a second.
    await togglePublish(t.app, channel, video._id);
    await settle();
    expect((await list(f1)).notifications).toHaveLength(1);
    expect((await list(stranger)).notifications).toHaveLength(0);
  });

  it('queues no fan-out for a video that is not public (unlisted, private or scheduled)', async () => {
    const [channel, follower] = await people(t.app, 2);
    await expectOk(t.app, 'toggleSubscription', {
      params: { channelId: channel.userId },
      as: follower,
    });
    const quiet: string[] = [];
    for (const level of [
      { visibility: 'unlisted' as const },
      { visibility: 'private' as const },
      { publishAt: new Date(Date.now() + 86_400_000).toISOString() },
    ]) {
      const asset = await uploadAsset(t.app, channel, 'video');
      const video = await expectOk(t.app, 'createVideo', {
        as: channel,
        body: {
          title: 'Not for everyone',
          description: 'Held back',
          videoPublicId: asset.public_id,
          ...level,
        },
      });
      quiet.push(video._id);
    }
    // A public one after them: once its entry is there, the events before it were handled.
    const shown = await createVideo(t.app, channel, { title: 'For everyone' });
    const entries = await until(follower, (e) => e.length === 1, 'the public video');
    expect(entries[0]).toMatchObject({ kind: 'new_video', video: { _id: shown._id } });
    const queued = await t.database.db.execute(sql`
      SELECT count(*)::int AS n FROM pgboss.job
       WHERE name = 'notifications-fan-out-video'
         AND data->>'videoId' IN (${sql.join(quiet, sql`, `)})`);
    expect((queued as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('fans out in batches of one INSERT…SELECT each, telling nobody twice', async () => {
    const [channel, ...followers] = await people(t.app, 8);
    for (const follower of followers) {
      await expectOk(t.app, 'toggleSubscription', {
        params: { channelId: channel.userId },
        as: follower,
      });
    }
    const video = await createVideo(t.app, channel);
    for (const follower of followers) {
      await until(follower, (e) => ofKind(e, 'new_video').length === 1, 'the job’s entry');
    }
    const repo = new NotificationsRepository(t.database.db);
    // Run again by hand, 3 at a time, over what the job did: every batch adds nothing.
    let after: string | null = null;
    let batches = 0;
    for (;;) {
      const batch = await repo.fanOutVideoBatch({
        videoId: video._id,
        ownerId: channel.userId,
        after,
        size: 3,
      });
      if (batch.last === null) break;
      expect(batch.told).toEqual([]);
      after = batch.last;
      batches++;
    }
    expect(batches).toBe(3);
    for (const follower of followers) {
      expect(ofKind((await list(follower)).notifications, 'new_video')).toHaveLength(1);
    }
  });

  it('tells of a message request, and its sender of the acceptance', async () => {
    const [sender, receiver] = await people(t.app, 2);
    const requestId = await sendMessageRequest(t.app, sender, receiver);
    const got = await until(receiver, (e) => e.length === 1, 'the request');
    expect(got[0]).toMatchObject({ kind: 'message_request', actor: { _id: sender.userId } });
    const answer = await expectOk(t.app, 'respondToMessageRequest', {
      params: { id: requestId },
      as: receiver,
      body: { action: 'accept' },
    });
    const told = await until(sender, (e) => e.length === 1, 'the acceptance');
    expect(told[0]).toMatchObject({
      kind: 'request_accepted',
      actor: { _id: receiver.userId },
      conversationId: answer.conversationId,
    });
  });

  it('hides what a blocked person did', async () => {
    const [owner, alice] = await people(t.app, 2);
    const video = await createVideo(t.app, owner);
    await comment(alice, video._id, 'Hi');
    await until(owner, (e) => e.length === 1, 'the comment');
    await expectOk(t.app, 'blockUser', { params: { userId: alice.userId }, as: owner });
    expect((await list(owner)).notifications).toHaveLength(0);
    expect(await unread(owner)).toBe(0);
  });
});

describe('reading and marking', () => {
  it('pages newest first by keyset, marks one and all read, and keeps others’ out', async () => {
    const [owner, alice, other] = await people(t.app, 3);
    const video = await createVideo(t.app, owner);
    // Each entry is made by a listener after its comment's commit: one at a time, so their
    // order is the comments'.
    for (const [i, text] of ['one', 'two', 'three'].entries()) {
      await comment(alice, video._id, text);
      await until(owner, (e) => e.length === i + 1, `comment ${text}`);
    }
    const first = await list(owner, { limit: 2 });
    expect(first.notifications.map((n) => n.comment?.content)).toEqual(['three', 'two']);
    const second = await list(owner, { limit: 2, cursor: first.nextCursor! });
    expect(second.notifications.map((n) => n.comment?.content)).toEqual(['one']);
    expect(second.nextCursor).toBeNull();

    const id = first.notifications[0]!._id;
    const denied = await callApi(t.app, 'markNotificationRead', { params: { id }, as: other });
    expect(denied.statusCode).toBe(404);
    expect(await unread(owner)).toBe(3);
    expect(await expectOk(t.app, 'markNotificationRead', { params: { id }, as: owner })).toEqual({
      unreadCount: 2,
    });
    const after = await list(owner);
    expect(after.notifications.map((n) => n.isRead)).toEqual([true, false, false]);
    expect(await expectOk(t.app, 'markAllNotificationsRead', { as: owner })).toEqual({
      unreadCount: 0,
    });

    const bad = await callApi(t.app, 'markNotificationRead', {
      params: { id: malformed('not-an-id') },
      as: owner,
    });
    expect(bad.statusCode).toBe(400);
    const badCursor = await callApi(t.app, 'listNotifications', {
      as: owner,
      query: { cursor: malformed('nope') },
    });
    expect(badCursor.statusCode).toBe(400);
  });

  it('keeps a choice per kind: a kind turned off makes no entry', async () => {
    const [owner, alice] = await people(t.app, 2);
    const settings = await expectOk(t.app, 'notificationSettings', { as: owner });
    expect(settings).toHaveLength(notificationKinds.length);
    expect(settings.every((s) => s.inApp && !s.push)).toBe(true);
    const saved = await expectOk(t.app, 'updateNotificationSettings', {
      as: owner,
      body: { settings: [{ kind: 'video_comment', inApp: false, push: true }] },
    });
    expect(saved.find((s) => s.kind === 'video_comment')).toEqual({
      kind: 'video_comment',
      inApp: false,
      push: true,
    });
    const video = await createVideo(t.app, owner);
    await comment(alice, video._id, 'Unheard');
    await expectOk(t.app, 'toggleSubscription', { params: { channelId: owner.userId }, as: alice });
    const entries = await until(owner, (e) => e.length === 1, 'the subscriber only');
    expect(entries[0]!.kind).toBe('new_subscriber');

    for (const body of [
      { settings: [] },
      { settings: [{ kind: 'nonsense', inApp: true, push: true }] },
      {
        settings: [
          { kind: 'mention', inApp: true, push: true },
          { kind: 'mention', inApp: false, push: true },
        ],
      },
    ]) {
      const res = await callApi(t.app, 'updateNotificationSettings', {
        as: owner,
        body: malformed(body),
      });
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await expectOk(t.app, 'notificationSettings', { as: owner })).find(
        (s) => s.kind === 'mention',
      ),
    ).toEqual({ kind: 'mention', inApp: true, push: false });
  });

  it('pushes the unread count live to the person’s own sockets', async () => {
    const [owner, alice] = await people(t.app, 2);
    const video = await createVideo(t.app, owner);
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: owner.accessToken },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const heard: ServerSocketEvents['notifications_changed'][] = [];
    socket.on('notifications_changed', (p: ServerSocketEvents['notifications_changed']) =>
      heard.push(p),
    );
    await comment(alice, video._id, 'Live!');
    await eventually(async () => (heard.length > 0 ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 20,
      what: 'the pushed count',
    });
    expect(heard[0]).toEqual({ unreadCount: 1 });
    await expectOk(t.app, 'markAllNotificationsRead', { as: owner });
    await eventually(async () => (heard.length > 1 ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 20,
      what: 'the count after reading',
    });
    expect(heard[1]).toEqual({ unreadCount: 0 });
  });
});

describe('the kept list (decision 0025)', () => {
  /** The first page as the web asks for it, and whether it came from memory (an `Age`). */
  const page = async (user: RegisteredUser) => {
    const res = await t.app.inject({ url: '/api/v1/notifications?limit=20', headers: user.auth });
    expect(res.statusCode).toBe(200);
    const { notifications } = res.json<{ data: { notifications: Notification[] } }>().data;
    return { kept: res.headers.age !== undefined, entries: notifications };
  };
  /** Reads the page until it is kept. */
  const keep = async (user: RegisteredUser) => {
    await page(user);
    expect((await page(user)).kept).toBe(true);
  };
  /** The page once it satisfies `check`: a kept page that never drops fails here. */
  const fresh = (user: RegisteredUser, check: (e: Notification[]) => boolean, what: string) =>
    eventually(
      async () => {
        const read = await page(user);
        return check(read.entries) ? read.entries : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 25, what },
    );

  it('is kept per reader and dropped by their new entries, marks, and changes of what it shows', async () => {
    const [owner, alice, bob, carol] = await people(t.app, 4);
    const video = await createVideo(t.app, owner);
    await comment(alice, video._id, 'From Alice');
    await until(owner, (e) => e.length === 1, 'Alice’s comment');
    await settle();
    await keep(owner);
    // Another reader's page is their own.
    expect((await page(alice)).kept).toBe(false);

    // A new entry.
    const bobs = await comment(bob, video._id, 'From Bob');
    await fresh(owner, (e) => e.length === 2, 'Bob’s comment in the kept page');
    await settle();
    await keep(owner);

    // One marked read, then all.
    const [newest] = (await page(owner)).entries;
    await expectOk(t.app, 'markNotificationRead', { params: { id: newest!._id }, as: owner });
    let read = await page(owner);
    expect(read.kept).toBe(false);
    expect(read.entries.find((n) => n._id === newest!._id)?.isRead).toBe(true);
    await keep(owner);
    await expectOk(t.app, 'markAllNotificationsRead', { as: owner });
    read = await page(owner);
    expect(read.kept).toBe(false);
    expect(read.entries.every((n) => n.isRead)).toBe(true);
    await keep(owner);

    // The comment deleted takes its entry with it.
    await expectOk(t.app, 'deleteComment', { params: { commentId: bobs._id }, as: bob });
    read = await page(owner);
    expect(read.kept).toBe(false);
    expect(read.entries.map((n) => n.comment?.content)).toEqual(['From Alice']);
    await keep(owner);

    // The actor's new name.
    await expectOk(t.app, 'updateDetails', { as: alice, body: { fullname: 'Alice Renamed' } });
    read = await page(owner);
    expect(read.kept).toBe(false);
    expect(read.entries[0]?.actor.fullname).toBe('Alice Renamed');
    await keep(owner);

    // A block hides what the blocked person did at once; lifted, it is back.
    await expectOk(t.app, 'blockUser', { params: { userId: alice.userId }, as: owner });
    read = await page(owner);
    expect(read.kept).toBe(false);
    expect(read.entries).toHaveLength(0);
    await keep(owner);
    await expectOk(t.app, 'unblockUser', { params: { userId: alice.userId }, as: owner });
    read = await page(owner);
    expect(read.kept).toBe(false);
    expect(read.entries).toHaveLength(1);

    // Likes on a comment: the entry names the latest liker; an unlike names the one before.
    const mine = await comment(owner, video._id, 'Owner’s own');
    await expectOk(t.app, 'toggleCommentLike', { params: { id: mine._id }, as: alice });
    await expectOk(t.app, 'toggleCommentLike', { params: { id: mine._id }, as: carol });
    await fresh(
      owner,
      (e) => e.some((n) => n.kind === 'comment_like' && n.actor._id === carol.userId),
      'Carol’s like',
    );
    await settle();
    await keep(owner);
    await expectOk(t.app, 'toggleCommentLike', { params: { id: mine._id }, as: carol });
    read = await page(owner);
    expect(read.kept).toBe(false);
    expect(read.entries.find((n) => n.kind === 'comment_like')).toMatchObject({
      actor: { _id: alice.userId },
      othersCount: 0,
    });
  });

  it('is dropped when a video it shows goes private, and when it is back', async () => {
    const [reader, channel] = await people(t.app, 2);
    await expectOk(t.app, 'toggleSubscription', {
      params: { channelId: channel.userId },
      as: reader,
    });
    const video = await createVideo(t.app, channel, { title: 'Told to followers' });
    await until(reader, (e) => e.some((n) => n.kind === 'new_video'), 'the new video');
    await settle();
    await keep(reader);
    const level = (visibility: 'public' | 'private') =>
      expectOk(t.app, 'setVideoVisibility', {
        params: { id: video._id },
        as: channel,
        body: { visibility },
      });
    await level('private');
    let read = await page(reader);
    expect(read.kept).toBe(false);
    expect(read.entries.some((n) => n.kind === 'new_video')).toBe(false);
    await keep(reader);
    // Public again: the entry was in no kept page's tags, and comes back all the same.
    await level('public');
    read = await page(reader);
    expect(read.kept).toBe(false);
    expect(read.entries.some((n) => n.video?._id === video._id)).toBe(true);
  });
});

describe('mentionedUsernames', () => {
  it('reads @names as usernames are written, each once, not inside emails', () => {
    expect(mentionedUsernames('hi @Alice_1 and @bob.smith. mail x@carol.com @alice_1 @ab')).toEqual(
      ['alice_1', 'bob.smith'],
    );
  });
});

describe('the unread count', () => {
  it('counts for each reader what that reader may see: staff keep an entry about a draft, others lose it', async () => {
    const [olga, bob, uma, mo] = await people(t.app, 4);
    await grantUserRole({ username: mo!.username, role: 'moderator' }, t.database.db);
    const video = await createVideo(t.app, olga!);
    await comment(bob!, video._id, `@${uma!.username} and @${mo!.username}, look`);
    await until(uma!, (e) => ofKind(e, 'mention').length === 1, "uma's mention");
    await until(mo!, (e) => ofKind(e, 'mention').length === 1, "mo's mention");
    expect(await unread(uma!)).toBe(1);
    expect(await unread(mo!)).toBe(1);
    // Back to a draft: the comment under it is out of a user's sight, not out of staff's.
    await togglePublish(t.app, olga!, video._id);
    expect(await unread(uma!)).toBe(0);
    expect(await unread(mo!)).toBe(1);
  });
});
