/**
 * Moderation (issue 21 item 5, decision 0038) through the real app: reports and their refusals,
 * the queue, hide/restore/dismiss and what each person then sees, bans (sign-in, sessions,
 * sockets, content), the audit log, watched words and held comments and tweets, and the
 * reporter's notification.
 */
import { count, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectOk, malformed } from '../../../test/api-client';
import type { RegisteredUser } from '../../../test/factories';
import { freePort } from '../../../test/free-port';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createVideo, eventually } from '../../../test/media-factories';
import { people } from '../../../test/messaging-factories';
import { contentReports, moderationActions, watchedWords } from '../../platform/db/schema';
import { grantUserRole } from '../users';

let t: TestApp;
let url: string;
let moderator: RegisteredUser;
let admin: RegisteredUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const port = await freePort();
  await t.app.listen({ port, host: '127.0.0.1' });
  url = `http://127.0.0.1:${port}`;
  [moderator, admin] = await people(t.app, 2);
  await grantUserRole({ username: moderator.username, role: 'moderator' }, t.database.db);
  await grantUserRole({ username: admin.username, role: 'admin' }, t.database.db);
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

const tweetOf = async (user: RegisteredUser, content = 'Hello from me') =>
  expectOk(t.app, 'createTweet', { as: user, body: { content } });
const reportTweet = (user: RegisteredUser, targetId: string) =>
  callApi(t.app, 'reportContent', {
    as: user,
    body: { targetKind: 'tweet', targetId, reason: 'spam', details: 'Selling things' },
  });
const tweetsSeenBy = async (viewer: RegisteredUser | undefined, author: RegisteredUser) =>
  (
    await expectOk(t.app, 'userTweets', {
      params: { id: author.userId },
      ...(viewer ? { as: viewer } : {}),
    })
  ).tweets;
const reportRows = async () =>
  Number((await t.database.db.select({ n: count() }).from(contentReports))[0]!.n);

describe('reports', () => {
  it('takes a report of a video, comment, tweet or account once, and never of one’s own', async () => {
    const [alice, bob] = await people(t.app, 2);
    const video = await createVideo(t.app, alice);
    const comment = await expectOk(t.app, 'addComment', {
      as: alice,
      params: { videoId: video._id },
      body: { content: 'My comment' },
    });
    const tweet = await tweetOf(alice);
    const targets = [
      { targetKind: 'video', targetId: video._id },
      { targetKind: 'comment', targetId: comment._id },
      { targetKind: 'tweet', targetId: tweet._id },
      { targetKind: 'user', targetId: alice.userId },
    ] as const;
    for (const target of targets) {
      const made = await callApi(t.app, 'reportContent', {
        as: bob,
        body: { ...target, reason: 'harassment' },
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.data).toMatchObject({ ...target, reason: 'harassment' });
    }
    const before = await reportRows();
    for (const target of targets) {
      const again = await callApi(t.app, 'reportContent', {
        as: bob,
        body: { ...target, reason: 'spam' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.error.message).toBe('You have already reported this');
      const own = await callApi(t.app, 'reportContent', {
        as: alice,
        body: { ...target, reason: 'spam' },
      });
      expect(own.statusCode).toBe(400);
      expect(own.error.message).toBe('You cannot report your own things');
    }
    expect(await reportRows()).toBe(before);
  });

  it('refuses a reason off the list, long details and unknown targets, writing nothing', async () => {
    const [alice, bob] = await people(t.app, 2);
    const tweet = await tweetOf(alice);
    const before = await reportRows();
    const badReason = await callApi(t.app, 'reportContent', {
      as: bob,
      body: { targetKind: 'tweet', targetId: tweet._id, reason: malformed('because') },
    });
    expect(badReason.statusCode).toBe(400);
    const longDetails = await callApi(t.app, 'reportContent', {
      as: bob,
      body: {
        targetKind: 'tweet',
        targetId: tweet._id,
        reason: 'other',
        details: 'x'.repeat(1001),
      },
    });
    expect(longDetails.statusCode).toBe(400);
    const unknown = await callApi(t.app, 'reportContent', {
      as: bob,
      body: {
        targetKind: 'tweet',
        targetId: '00000000-0000-4000-8000-000000000000',
        reason: 'spam',
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await reportRows()).toBe(before);
  });
});

describe('the queue and its actions', () => {
  it('groups open reports by target, shows it in place, and includes conversation reports', async () => {
    const [alice, bob, carol] = await people(t.app, 3);
    const tweet = await tweetOf(alice, 'Buy my stuff');
    await reportTweet(bob, tweet._id);
    await reportTweet(carol, tweet._id);
    const queue = await expectOk(t.app, 'moderationQueue', { as: moderator });
    const group = queue.groups.find((g) => g.targetId === tweet._id);
    expect(group).toMatchObject({
      targetKind: 'tweet',
      target: { text: 'Buy my stuff', owner: { _id: alice.userId }, isHidden: false },
      isActionable: true,
    });
    expect(group!.reports.map((r) => r.reporter._id)).toEqual([bob.userId, carol.userId]);
    expect(group!.reports[0]).toMatchObject({ reason: 'spam', details: 'Selling things' });

    const refused = await callApi(t.app, 'moderationQueue', { as: bob });
    expect(refused.statusCode).toBe(403);
  });

  it('hides a tweet for everyone but its author, who sees why, and restores it', async () => {
    const [alice, bob] = await people(t.app, 2);
    const tweet = await tweetOf(alice, 'Something rude');
    await reportTweet(bob, tweet._id);
    const hidden = await expectOk(t.app, 'moderateTarget', {
      as: moderator,
      body: { action: 'hide', targetKind: 'tweet', targetId: tweet._id, reason: 'Harassment' },
    });
    expect(hidden).toMatchObject({ action: 'hide', reportsClosed: 1 });
    expect((await tweetsSeenBy(bob, alice)).map((x) => x._id)).not.toContain(tweet._id);
    expect((await tweetsSeenBy(undefined, alice)).map((x) => x._id)).not.toContain(tweet._id);
    const own = (await tweetsSeenBy(alice, alice)).find((x) => x._id === tweet._id);
    expect(own?.moderation).toEqual({ state: 'hidden', reason: 'Harassment' });

    const twice = await callApi(t.app, 'moderateTarget', {
      as: moderator,
      body: { action: 'hide', targetKind: 'tweet', targetId: tweet._id, reason: 'Again' },
    });
    expect(twice.statusCode).toBe(409);

    await expectOk(t.app, 'moderateTarget', {
      as: admin,
      body: { action: 'restore', targetKind: 'tweet', targetId: tweet._id, reason: 'On appeal' },
    });
    const back = (await tweetsSeenBy(bob, alice)).find((x) => x._id === tweet._id);
    expect(back).toBeDefined();
    expect(back!.moderation).toBeUndefined();
  });

  it('hides a video and a comment from others; the owner still opens them', async () => {
    const [alice, bob] = await people(t.app, 2);
    const video = await createVideo(t.app, alice);
    const comment = await expectOk(t.app, 'addComment', {
      as: alice,
      params: { videoId: video._id },
      body: { content: 'A comment to hide' },
    });
    await expectOk(t.app, 'moderateTarget', {
      as: moderator,
      body: { action: 'hide', targetKind: 'comment', targetId: comment._id, reason: 'Spam' },
    });
    const bobsComments = await expectOk(t.app, 'listComments', {
      as: bob,
      params: { videoId: video._id },
      query: {},
    });
    expect(bobsComments.comments.map((c) => c._id)).not.toContain(comment._id);
    const alicesComments = await expectOk(t.app, 'listComments', {
      as: alice,
      params: { videoId: video._id },
      query: {},
    });
    expect(alicesComments.comments.find((c) => c._id === comment._id)?.moderation).toEqual({
      state: 'hidden',
      reason: 'Spam',
    });
    // A hidden comment takes no replies from others, and its thread is not read to them
    // (threads, decision 0037): nothing is written.
    const reply = await callApi(t.app, 'addReply', {
      as: bob,
      params: { commentId: comment._id },
      body: { content: 'Replying to what I cannot see' },
    });
    expect(reply.statusCode).toBe(404);
    const thread = await callApi(t.app, 'listReplies', {
      as: bob,
      params: { commentId: comment._id },
      query: {},
    });
    expect(thread.statusCode).toBe(404);
    const ownThread = await expectOk(t.app, 'listReplies', {
      as: alice,
      params: { commentId: comment._id },
      query: {},
    });
    expect(ownThread.comments).toEqual([]);

    await expectOk(t.app, 'moderateTarget', {
      as: moderator,
      body: { action: 'hide', targetKind: 'video', targetId: video._id, reason: 'Copyright' },
    });
    expect((await callApi(t.app, 'getVideo', { params: { id: video._id } })).statusCode).toBe(404);
    expect(
      (await callApi(t.app, 'getVideo', { as: bob, params: { id: video._id } })).statusCode,
    ).toBe(404);
    const ownView = await expectOk(t.app, 'getVideo', { as: alice, params: { id: video._id } });
    expect(ownView.moderation).toEqual({ state: 'hidden', reason: 'Copyright' });
    const home = await expectOk(t.app, 'listVideos', { query: { limit: 50 } });
    expect(home.videos.map((v) => v._id)).not.toContain(video._id);
  });

  it('dismisses reports without touching the target; refuses hiding an account', async () => {
    const [alice, bob] = await people(t.app, 2);
    const tweet = await tweetOf(alice);
    await reportTweet(bob, tweet._id);
    const dismissed = await expectOk(t.app, 'moderateTarget', {
      as: moderator,
      body: { action: 'dismiss', targetKind: 'tweet', targetId: tweet._id, reason: 'Not abuse' },
    });
    expect(dismissed.reportsClosed).toBe(1);
    expect((await tweetsSeenBy(bob, alice)).map((x) => x._id)).toContain(tweet._id);
    const queue = await expectOk(t.app, 'moderationQueue', { as: moderator });
    expect(queue.groups.map((g) => g.targetId)).not.toContain(tweet._id);
    const hideAccount = await callApi(t.app, 'moderateTarget', {
      as: moderator,
      body: { action: 'hide', targetKind: 'user', targetId: alice.userId, reason: 'x' },
    });
    expect(hideAccount.statusCode).toBe(400);
  });

  it('refuses a moderator acting on themselves, and banning an admin, writing nothing', async () => {
    const own = await tweetOf(moderator);
    const logBefore = (await t.database.db.select({ n: count() }).from(moderationActions))[0]!.n;
    const self = await callApi(t.app, 'moderateTarget', {
      as: moderator,
      body: { action: 'hide', targetKind: 'tweet', targetId: own._id, reason: 'x' },
    });
    expect(self.statusCode).toBe(400);
    const banSelf = await callApi(t.app, 'banUser', {
      as: moderator,
      params: { id: moderator.userId },
      body: { reason: 'x' },
    });
    expect(banSelf.statusCode).toBe(400);
    const banAdmin = await callApi(t.app, 'banUser', {
      as: moderator,
      params: { id: admin.userId },
      body: { reason: 'x' },
    });
    expect(banAdmin.statusCode).toBe(403);
    expect(banAdmin.error.message).toBe('A moderator cannot act on an admin');
    const logAfter = (await t.database.db.select({ n: count() }).from(moderationActions))[0]!.n;
    expect(logAfter).toBe(logBefore);
  });
});

describe('bans', () => {
  it('refuses sign-in, ends sessions and sockets, hides content; lifting it brings them back', async () => {
    const [alice, bob] = await people(t.app, 2);
    const tweet = await tweetOf(alice, 'Before the ban');
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: alice.accessToken },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    await reportTweet(bob, tweet._id);

    const banned = await expectOk(t.app, 'banUser', {
      as: moderator,
      params: { id: alice.userId },
      body: { reason: 'Spam account' },
    });
    expect(banned).toMatchObject({ action: 'ban', reportsClosed: 1 });
    await disconnected;
    const me = await callApi(t.app, 'currentUser', { as: alice });
    expect(me.statusCode).toBe(401);
    const login = await callApi(t.app, 'login', {
      body: { email: alice.email, password: alice.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.error.code).toBe('ACCOUNT_BANNED');
    expect((await tweetsSeenBy(bob, alice)).map((x) => x._id)).not.toContain(tweet._id);
    const again = await callApi(t.app, 'banUser', {
      as: admin,
      params: { id: alice.userId },
      body: { reason: 'x' },
    });
    expect(again.statusCode).toBe(409);

    await expectOk(t.app, 'unbanUser', {
      as: admin,
      params: { id: alice.userId },
      body: { reason: 'Appeal' },
    });
    expect(
      (await callApi(t.app, 'login', { body: { email: alice.email, password: alice.password } }))
        .statusCode,
    ).toBe(200);
    expect((await tweetsSeenBy(bob, alice)).map((x) => x._id)).toContain(tweet._id);
  });
});

describe('the audit log', () => {
  it('lists every action with who, what and when, newest first, for staff only', async () => {
    const [alice] = await people(t.app, 1);
    const tweet = await tweetOf(alice);
    await expectOk(t.app, 'moderateTarget', {
      as: moderator,
      body: { action: 'hide', targetKind: 'tweet', targetId: tweet._id, reason: 'Logged' },
    });
    const log = await expectOk(t.app, 'moderationLog', { as: admin, query: { limit: 5 } });
    expect(log.entries[0]).toMatchObject({
      moderator: { _id: moderator.userId, username: moderator.username },
      action: 'hide',
      targetKind: 'tweet',
      targetId: tweet._id,
      reason: 'Logged',
    });
    expect(Date.parse(log.entries[0]!.createdAt)).not.toBeNaN();
    expect(log.entries[0]!.accountIsBanned).toBeUndefined();
    expect((await callApi(t.app, 'moderationLog', { as: alice, query: {} })).statusCode).toBe(403);
  });

  it('says of an account’s entries whether it is banned now, so that staff can lift the ban there', async () => {
    const [carol] = await people(t.app, 1);
    await expectOk(t.app, 'banUser', {
      as: moderator,
      params: { id: carol.userId },
      body: { reason: 'Spam account' },
    });
    const banEntry = async () =>
      (
        await expectOk(t.app, 'moderationLog', { as: moderator, query: { limit: 10 } })
      ).entries.find((e) => e.action === 'ban' && e.targetId === carol.userId);
    expect(await banEntry()).toMatchObject({ targetKind: 'user', accountIsBanned: true });
    await expectOk(t.app, 'unbanUser', {
      as: moderator,
      params: { id: carol.userId },
      body: { reason: 'Appeal' },
    });
    expect(await banEntry()).toMatchObject({ accountIsBanned: false });
  });
});

describe('watched words', () => {
  it('are kept by admins; a comment holding one waits for the video owner, a tweet for staff', async () => {
    const [alice, bob, carol] = await people(t.app, 3);
    const refused = await callApi(t.app, 'addWatchedWord', {
      as: moderator,
      body: { word: 'grapefruit' },
    });
    expect(refused.statusCode).toBe(403);
    const word = await expectOk(t.app, 'addWatchedWord', {
      as: admin,
      body: { word: 'Grapefruit' },
    });
    expect(word.word).toBe('grapefruit');
    const twice = await callApi(t.app, 'addWatchedWord', {
      as: admin,
      body: { word: 'grapefruit' },
    });
    expect(twice.statusCode).toBe(409);

    const video = await createVideo(t.app, alice);
    const held = await expectOk(t.app, 'addComment', {
      as: bob,
      params: { videoId: video._id },
      body: { content: 'I love GRAPEFRUIT!' },
    });
    const fine = await expectOk(t.app, 'addComment', {
      as: bob,
      params: { videoId: video._id },
      body: { content: 'grapefruits are not the word' },
    });
    expect(held.moderation).toEqual({ state: 'held', reason: null });
    expect(fine.moderation).toBeUndefined();
    const seenBy = async (viewer: RegisteredUser) =>
      (
        await expectOk(t.app, 'listComments', {
          as: viewer,
          params: { videoId: video._id },
          query: {},
        })
      ).comments.map((c) => c._id);
    expect(await seenBy(carol)).toEqual([fine._id]);
    expect(await seenBy(alice)).toContain(held._id);
    expect(await seenBy(bob)).toContain(held._id);

    const byAuthor = await callApi(t.app, 'reviewHeld', {
      as: bob,
      body: { targetKind: 'comment', targetId: held._id, decision: 'approve' },
    });
    expect(byAuthor.statusCode).toBe(403);
    await expectOk(t.app, 'reviewHeld', {
      as: alice,
      body: { targetKind: 'comment', targetId: held._id, decision: 'approve' },
    });
    expect(await seenBy(carol)).toContain(held._id);

    const heldTweet = await tweetOf(bob, 'grapefruit season');
    expect(heldTweet.moderation).toEqual({ state: 'held', reason: null });
    expect((await tweetsSeenBy(carol, bob)).map((x) => x._id)).not.toContain(heldTweet._id);
    const waiting = await expectOk(t.app, 'listHeldTweets', { as: moderator });
    expect(waiting.tweets.map((x) => x._id)).toContain(heldTweet._id);
    await expectOk(t.app, 'reviewHeld', {
      as: moderator,
      body: { targetKind: 'tweet', targetId: heldTweet._id, decision: 'reject' },
    });
    expect((await tweetsSeenBy(bob, bob)).map((x) => x._id)).not.toContain(heldTweet._id);
    const log = await expectOk(t.app, 'moderationLog', { as: admin, query: { limit: 1 } });
    expect(log.entries[0]).toMatchObject({
      moderator: { _id: moderator.userId },
      action: 'reject_held',
      targetKind: 'tweet',
      targetId: heldTweet._id,
    });

    const removed = await expectOk(t.app, 'removeWatchedWord', {
      as: admin,
      params: { id: word._id },
    });
    expect(removed.words.map((w) => w.word)).not.toContain('grapefruit');
    expect(
      await t.database.db.select().from(watchedWords).where(eq(watchedWords.word, 'grapefruit')),
    ).toEqual([]);
  });
});

describe('the reporter is told', () => {
  it('gets a report_handled notification with how it ended', async () => {
    const [alice, bob] = await people(t.app, 2);
    const tweet = await tweetOf(alice, 'Report me');
    await reportTweet(bob, tweet._id);
    await expectOk(t.app, 'moderateTarget', {
      as: moderator,
      body: { action: 'hide', targetKind: 'tweet', targetId: tweet._id, reason: 'Spam' },
    });
    const entry = await eventually(
      async () =>
        (await expectOk(t.app, 'listNotifications', { as: bob, query: {} })).notifications.find(
          (n) => n.kind === 'report_handled',
        ),
      { timeoutMs: 10_000, intervalMs: 25, what: 'a report_handled entry' },
    );
    expect(entry).toMatchObject({
      kind: 'report_handled',
      reportOutcome: 'hidden',
      tweet: { _id: tweet._id, content: 'Report me' },
      actor: { _id: alice.userId },
    });
    expect((await expectOk(t.app, 'unreadNotifications', { as: bob })).unreadCount).toBe(1);
  });

  it('tells how a dismissed report of a comment ended, linking to the comment under its video', async () => {
    const [alice, bob] = await people(t.app, 2);
    const video = await createVideo(t.app, alice);
    const comment = await expectOk(t.app, 'addComment', {
      as: alice,
      params: { videoId: video._id },
      body: { content: 'Fine words' },
    });
    await expectOk(t.app, 'reportContent', {
      as: bob,
      body: { targetKind: 'comment', targetId: comment._id, reason: 'other' },
    });
    await expectOk(t.app, 'moderateTarget', {
      as: admin,
      body: { action: 'dismiss', targetKind: 'comment', targetId: comment._id, reason: 'Fine' },
    });
    const entry = await eventually(
      async () =>
        (await expectOk(t.app, 'listNotifications', { as: bob, query: {} })).notifications.find(
          (n) => n.kind === 'report_handled',
        ),
      { timeoutMs: 10_000, intervalMs: 25, what: 'a report_handled entry' },
    );
    expect(entry).toMatchObject({
      reportOutcome: 'dismissed',
      video: { _id: video._id },
      comment: { _id: comment._id },
    });
  });
});
