/**
 * Comment threads (issue 21 item 3, decision 0037) through the real endpoints: replies one level
 * deep with their counts, sort by Top or Newest, the creator's pin and heart, '(edited)', the
 * reply notification, and the bad input the issue names. Runs on PGlite and on PostgreSQL.
 */
import type { Comment, Notification } from '@kinora/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, notifications } from '../../platform/db/schema';
import { callApi, expectOk, malformed } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { RegisteredUser } from '../../../test/factories';
import { createVideo, eventually, togglePublish } from '../../../test/media-factories';
import { people } from '../../../test/messaging-factories';

let t: TestApp;
/** The video's creator. */
let olga: RegisteredUser;
let bob: RegisteredUser;
let carol: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [olga, bob, carol] = await people(t.app, 3);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const post = (videoId: string, user: RegisteredUser, content: string) =>
  expectOk(t.app, 'addComment', { params: { videoId }, as: user, body: { content } });
const reply = (commentId: string, user: RegisteredUser, content: string) =>
  expectOk(t.app, 'addReply', { params: { commentId }, as: user, body: { content } });
const replies = (commentId: string, query: { page?: number; limit?: number } = {}) =>
  expectOk(t.app, 'listReplies', { params: { commentId }, query });
const top = (videoId: string, sort: 'top' | 'newest', as: RegisteredUser | null = null) =>
  expectOk(t.app, 'listComments', { params: { videoId }, query: { sort, limit: 50 }, as });
const rows = async () => (await t.database.db.select({ n: count() }).from(comments))[0]!.n;
const pin = (commentId: string, as: RegisteredUser, isPinned = true) =>
  callApi(t.app, 'pinComment', { params: { commentId }, as, body: { isPinned } });
const heart = (commentId: string, as: RegisteredUser, isHearted = true) =>
  callApi(t.app, 'heartComment', { params: { commentId }, as, body: { isHearted } });

describe('replies', () => {
  it('hang one level deep under a top comment, counted there and in the video’s count', async () => {
    const video = await createVideo(t.app, olga);
    const first = await post(video._id, bob, 'First!');
    expect(first).toMatchObject({ parentId: null, repliesCount: 0, isPinned: false });

    const r1 = await reply(first._id, carol, 'Welcome');
    expect(r1).toMatchObject({ parentId: first._id, videoId: video._id, content: 'Welcome' });
    // A reply to a reply joins the top comment and names the person answered.
    const r2 = await reply(r1._id, bob, 'thanks!');
    expect(r2).toMatchObject({ parentId: first._id, content: `@${carol.username} thanks!` });
    // Words that name them already, or one's own reply, stay as written.
    const r3 = await reply(r2._id, carol, `@${bob.username} any time`);
    expect(r3.content).toBe(`@${bob.username} any time`);
    const r4 = await reply(r3._id, carol, 'also');
    expect(r4.content).toBe('also');

    const list = await top(video._id, 'newest');
    expect(list.comments.map((c) => c._id)).toEqual([first._id]);
    expect(list.comments[0]!.repliesCount).toBe(4);
    // The count people read counts replies too, as the video's does; pages are of top comments.
    expect(list).toMatchObject({ totalCount: 5, totalPages: 1, hasNextPage: false });
    const watched = await expectOk(t.app, 'getVideo', { params: { id: video._id } });
    expect(watched.comments).toBe(5);

    // Oldest first, paged; the total is the thread's.
    const page1 = await replies(first._id, { page: 1, limit: 3 });
    expect(page1.comments.map((c) => c._id)).toEqual([r1._id, r2._id, r3._id]);
    expect(page1).toMatchObject({ totalCount: 4, totalPages: 2, hasNextPage: true });
    const page2 = await replies(first._id, { page: 2, limit: 3 });
    expect(page2.comments.map((c) => c._id)).toEqual([r4._id]);
    // A reply has no thread of its own.
    expect((await replies(r1._id)).comments).toEqual([]);
  });

  it('deleting a reply or a whole thread moves every count', async () => {
    const video = await createVideo(t.app, olga);
    const thread = await post(video._id, bob, 'Thread');
    const a = await reply(thread._id, carol, 'a');
    await reply(thread._id, olga, 'b');
    await expectOk(t.app, 'deleteComment', { params: { commentId: a._id }, as: carol });
    expect((await top(video._id, 'newest')).comments[0]!.repliesCount).toBe(1);
    expect((await expectOk(t.app, 'getVideo', { params: { id: video._id } })).comments).toBe(2);

    await expectOk(t.app, 'deleteComment', { params: { commentId: thread._id }, as: olga });
    const after = await top(video._id, 'newest');
    expect(after).toMatchObject({ comments: [], totalCount: 0 });
    expect((await expectOk(t.app, 'getVideo', { params: { id: video._id } })).comments).toBe(0);
  });

  it('an account deleted takes its threads and its replies, and every count follows', async () => {
    const [dan] = await people(t.app, 1);
    const video = await createVideo(t.app, olga);
    const dans = await post(video._id, dan, 'Dan’s thread');
    await reply(dans._id, bob, 'answer to dan');
    const bobs = await post(video._id, bob, 'Bob’s thread');
    await reply(bobs._id, dan, 'dan answers bob');
    await reply(bobs._id, carol, 'carol answers bob');
    expect((await expectOk(t.app, 'getVideo', { params: { id: video._id } })).comments).toBe(5);

    await expectOk(t.app, 'deleteAccount', { as: dan, body: { password: dan.password } });
    const list = await top(video._id, 'newest');
    expect(list.comments.map((c) => [c.content, c.repliesCount])).toEqual([['Bob’s thread', 1]]);
    expect(list.totalCount).toBe(2);
    expect((await expectOk(t.app, 'getVideo', { params: { id: video._id } })).comments).toBe(2);
  });

  it('tells the person answered with a reply entry (not a mention too), linking to the reply', async () => {
    const video = await createVideo(t.app, olga);
    const first = await post(video._id, bob, 'Nice one');
    const r1 = await reply(first._id, carol, 'Agreed');
    const r2 = await reply(r1._id, bob, 'Cheers');
    const replyTo = async (user: RegisteredUser) =>
      eventually(
        async () => {
          const { notifications: entries } = await expectOk(t.app, 'listNotifications', {
            as: user,
            query: { limit: 50 },
          });
          const found = entries.filter(
            (n: Notification) => n.kind === 'comment_reply' && n.video?._id === video._id,
          );
          return found.length > 0 ? { found, entries } : undefined;
        },
        { timeoutMs: 15_000, intervalMs: 25, what: 'a reply entry' },
      );
    const bobs = await replyTo(bob);
    expect(bobs.found).toHaveLength(1);
    expect(bobs.found[0]).toMatchObject({
      actor: { _id: carol.userId },
      comment: { _id: r1._id, content: 'Agreed', parentId: first._id },
    });
    const carols = await replyTo(carol);
    expect(carols.found[0]).toMatchObject({ comment: { _id: r2._id, parentId: first._id } });
    // The @name the reply starts with does not tell carol twice.
    await t.services.events.settled();
    const again = await expectOk(t.app, 'listNotifications', { as: carol, query: { limit: 50 } });
    expect(again.notifications.filter((n) => n.comment?._id === r2._id)).toHaveLength(1);
    // The creator is told of replies under their video as of comments.
    const olgas = await eventually(
      async () => {
        const { notifications: entries } = await expectOk(t.app, 'listNotifications', {
          as: olga,
          query: { limit: 50 },
        });
        return entries.some((n) => n.comment?._id === r2._id) ? entries : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 25, what: 'the creator’s entry' },
    );
    expect(olgas.find((n) => n.comment?._id === r2._id)?.kind).toBe('video_comment');
  });
});

describe('sort', () => {
  it('Top puts the pinned comment first, then the most liked and answered; Newest by time', async () => {
    const video = await createVideo(t.app, olga);
    const old = await post(video._id, bob, 'old');
    const liked = await post(video._id, carol, 'liked');
    const answered = await post(video._id, bob, 'answered');
    const newest = await post(video._id, carol, 'newest');
    await expectOk(t.app, 'toggleCommentLike', { params: { id: liked._id }, as: olga });
    await expectOk(t.app, 'toggleCommentLike', { params: { id: liked._id }, as: bob });
    await reply(answered._id, carol, 'one');
    expect((await pin(old._id, olga)).statusCode).toBe(200);

    const ids = (page: { comments: Comment[] }) => page.comments.map((c) => c.content);
    expect(ids(await top(video._id, 'top'))).toEqual(['old', 'liked', 'answered', 'newest']);
    expect(ids(await top(video._id, 'newest'))).toEqual(['newest', 'answered', 'liked', 'old']);
    // Without a sort, as the seeds call it: newest first, as before.
    const plain = await expectOk(t.app, 'listComments', { params: { videoId: video._id } });
    expect(plain.comments[0]!._id).toBe(newest._id);

    // Offset pages of Top do not repeat or skip.
    const seen: string[] = [];
    for (let page = 1; page <= 2; page++) {
      const res = await expectOk(t.app, 'listComments', {
        params: { videoId: video._id },
        query: { sort: 'top', page, limit: 2 },
      });
      seen.push(...ids(res));
    }
    expect(seen).toEqual(['old', 'liked', 'answered', 'newest']);
  });

  it('refuses an unknown sort', async () => {
    const video = await createVideo(t.app, olga);
    const res = await callApi(t.app, 'listComments', {
      params: { videoId: video._id },
      query: { sort: malformed('best') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.error.message).toMatch(/sort/);
  });
});

describe('pin and heart', () => {
  it('the creator pins one comment; pinning another unpins the first; unpinning clears it', async () => {
    const video = await createVideo(t.app, olga);
    const a = await post(video._id, bob, 'a');
    const b = await post(video._id, carol, 'b');
    expect((await pin(a._id, olga)).data.isPinned).toBe(true);
    expect((await pin(b._id, olga)).data.isPinned).toBe(true);
    const list = await top(video._id, 'newest');
    expect(Object.fromEntries(list.comments.map((c) => [c.content, c.isPinned]))).toEqual({
      a: false,
      b: true,
    });
    expect((await pin(b._id, olga, false)).data.isPinned).toBe(false);
    expect((await top(video._id, 'top')).comments.every((c) => !c.isPinned)).toBe(true);
  });

  it('two pins at once leave one pinned comment', async () => {
    const video = await createVideo(t.app, olga);
    const made = await Promise.all(['x', 'y', 'z'].map((c) => post(video._id, bob, c)));
    const answers = await Promise.all(made.map((c) => pin(c._id, olga)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const list = await top(video._id, 'top');
    expect(list.comments.filter((c) => c.isPinned)).toHaveLength(1);
  });

  it('the creator hearts any comment, a reply too, and takes it back', async () => {
    const video = await createVideo(t.app, olga);
    const a = await post(video._id, bob, 'a');
    const r = await reply(a._id, carol, 'r');
    expect((await heart(a._id, olga)).data.isHearted).toBe(true);
    expect((await heart(r._id, olga)).data.isHearted).toBe(true);
    expect((await replies(a._id)).comments[0]!.isHearted).toBe(true);
    expect((await heart(a._id, olga, false)).data.isHearted).toBe(false);
    // Pin and heart are not edits.
    expect((await top(video._id, 'newest')).comments[0]!.isEdited).toBe(false);
  });

  it('refuses anyone but the creator, and pinning a reply: 4xx, nothing written', async () => {
    const video = await createVideo(t.app, olga);
    const a = await post(video._id, bob, 'a');
    const r = await reply(a._id, carol, 'r');
    // Pinning on someone else's video, even one's own comment.
    const byAuthor = await pin(a._id, bob);
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.error.message).toBe('Only the video’s creator can pin a comment');
    expect((await heart(a._id, carol)).statusCode).toBe(403);
    const replyPin = await pin(r._id, olga);
    expect(replyPin.statusCode).toBe(400);
    expect(replyPin.error.message).toBe('Only a top comment can be pinned, not a reply');
    expect(
      (
        await callApi(t.app, 'pinComment', {
          params: { commentId: a._id },
          as: olga,
          body: malformed({}),
        })
      ).statusCode,
    ).toBe(400);
    const [row] = await t.database.db
      .select({ pinnedAt: comments.pinnedAt, heartedAt: comments.heartedAt })
      .from(comments)
      .where(eq(comments.id, a._id));
    expect(row).toEqual({ pinnedAt: null, heartedAt: null });
  });
});

describe('edited', () => {
  it('marks a comment its author changed', async () => {
    const video = await createVideo(t.app, olga);
    const a = await post(video._id, bob, 'frist');
    expect(a.isEdited).toBe(false);
    const edited = await expectOk(t.app, 'updateComment', {
      params: { commentId: a._id },
      as: bob,
      body: { content: 'first' },
    });
    expect(edited).toMatchObject({ content: 'first', isEdited: true });
    expect((await top(video._id, 'newest')).comments[0]!.isEdited).toBe(true);
  });
});

describe('bad input', () => {
  it('a reply to a deleted comment is not found, nothing written', async () => {
    const video = await createVideo(t.app, olga);
    const a = await post(video._id, bob, 'gone soon');
    await expectOk(t.app, 'deleteComment', { params: { commentId: a._id }, as: bob });
    const before = await rows();
    const res = await callApi(t.app, 'addReply', {
      params: { commentId: a._id },
      as: carol,
      body: { content: 'hello?' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.error.message).toBe('Comment not found');
    expect(await rows()).toBe(before);
  });

  it('a reply under a draft is not found to others', async () => {
    const video = await createVideo(t.app, olga);
    const a = await post(video._id, olga, 'draft note');
    await togglePublish(t.app, olga, video._id);
    const res = await callApi(t.app, 'addReply', {
      params: { commentId: a._id },
      as: bob,
      body: { content: 'sneaky' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('mentions of people who do not exist are refused, in comments, replies and edits', async () => {
    const video = await createVideo(t.app, olga);
    const a = await post(video._id, bob, `hi @${olga.username}, mail me at bob@example.test`);
    const before = await rows();
    // The first comment's entries are made by listeners after its commit: counted once made.
    await t.services.events.settled();
    const notifying = (await t.database.db.select({ n: count() }).from(notifications))[0]!.n;
    for (const res of [
      await callApi(t.app, 'addComment', {
        params: { videoId: video._id },
        as: carol,
        body: { content: 'ask @nobody_here_at_all' },
      }),
      await callApi(t.app, 'addReply', {
        params: { commentId: a._id },
        as: carol,
        body: { content: 'ask @nobody_here_at_all' },
      }),
      await callApi(t.app, 'updateComment', {
        params: { commentId: a._id },
        as: bob,
        body: { content: 'ask @nobody_here_at_all' },
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.error.message).toBe('Nobody is called @nobody_here_at_all');
      expect(res.error.errors).toEqual([
        { field: 'content', message: 'Nobody is called @nobody_here_at_all' },
      ]);
    }
    expect(await rows()).toBe(before);
    expect((await top(video._id, 'newest')).comments[0]!.content).toContain('mail me');
    await t.services.events.settled();
    expect((await t.database.db.select({ n: count() }).from(notifications))[0]!.n).toBe(notifying);
  });

  it('an empty or too long reply is refused', async () => {
    const video = await createVideo(t.app, olga);
    const a = await post(video._id, bob, 'a');
    for (const content of ['   ', 'x'.repeat(2001)]) {
      const res = await callApi(t.app, 'addReply', {
        params: { commentId: a._id },
        as: carol,
        body: { content },
      });
      expect(res.statusCode).toBe(400);
    }
    // The @name added to a reply to a reply counts toward the limit.
    const r = await reply(a._id, carol, 'r');
    const long = await callApi(t.app, 'addReply', {
      params: { commentId: r._id },
      as: bob,
      body: { content: 'x'.repeat(2000) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.error.message).toBe('Comment must be at most 2000 characters');
  });
});
