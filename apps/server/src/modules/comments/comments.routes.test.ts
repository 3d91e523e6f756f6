import { randomUUID } from 'node:crypto';
import type { Comment } from '@kinora/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../../platform/db/schema';
import { callApi, malformed } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { grantUserRole } from '../users';
import { clip, createVideo, togglePublish } from '../../../test/media-factories';

let t: TestApp;
/** Owner of the videos. */
let olga: RegisteredUser;
let bob: RegisteredUser;
let carol: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [olga, bob, carol] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
    clip(),
  ]);
});
afterAll(async () => {
  await t.close();
});

async function post(videoId: string, user: RegisteredUser, content: string): Promise<Comment> {
  const res = await callApi(t.app, 'addComment', {
    params: { videoId },
    as: user,
    body: { content },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.data;
}

const rowsOf = async (videoId: string) =>
  (
    await t.database.db.select({ n: count() }).from(comments).where(eq(comments.videoId, videoId))
  )[0]!.n;

/** The video's `comments` field, the list's `totalCount` and the rows agree. */
async function expectCount(videoId: string, expected: number) {
  const video = (await callApi(t.app, 'getVideo', { params: { id: videoId } })).data;
  const list = (await callApi(t.app, 'listComments', { params: { videoId } })).data;
  expect({ video: video.comments, list: list.totalCount, rows: await rowsOf(videoId) }).toEqual({
    video: expected,
    list: expected,
    rows: expected,
  });
}

describe('GET /comments/:videoId', () => {
  it('pages the comments newest first with comments and totalCount, for visitors too', async () => {
    const video = await createVideo(t.app, olga);
    const posted: Comment[] = [];
    for (let i = 1; i <= 5; i++) posted.push(await post(video._id, i % 2 ? bob : carol, `c${i}`));

    const page1 = await callApi(t.app, 'listComments', {
      params: { videoId: video._id },
      query: { page: 1, limit: 2 },
    });
    expect(page1.statusCode).toBe(200);
    const data = page1.data;
    expect(data).toMatchObject({
      totalCount: 5,
      page: 1,
      limit: 2,
      totalPages: 3,
      hasNextPage: true,
    });
    expect(data.comments.map((c: Comment) => c.content)).toEqual(['c5', 'c4']);
    expect(data.comments[0]).toMatchObject({
      _id: posted[4]!._id,
      videoId: video._id,
      owner: bob.userId,
      ownerDetails: { _id: bob.userId, username: bob.username },
      likesCount: 0,
      isLiked: false,
    });
    const page3 = (
      await callApi(t.app, 'listComments', {
        params: { videoId: video._id },
        query: { page: 3, limit: 2 },
      })
    ).data;
    expect(page3.comments.map((c: Comment) => c.content)).toEqual(['c1']);
    expect(page3.hasNextPage).toBe(false);
    const all = (
      await callApi(t.app, 'listComments', { params: { videoId: video._id }, as: carol })
    ).data;
    expect(all.comments).toHaveLength(5);
    expect(JSON.stringify(all)).not.toContain('email');
  });

  it('answers 404 for an unknown video or someone else’s draft, 400 for a malformed id', async () => {
    expect(
      (await callApi(t.app, 'listComments', { params: { videoId: randomUUID() } })).statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, 'listComments', { params: { videoId: 'not-an-id' } })).statusCode,
    ).toBe(400);
    const draft = await createVideo(t.app, olga);
    await post(draft._id, bob, 'before it was hidden');
    await togglePublish(t.app, olga, draft._id);
    expect(
      (await callApi(t.app, 'listComments', { params: { videoId: draft._id } })).statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, 'listComments', { params: { videoId: draft._id }, as: bob }))
        .statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, 'listComments', { params: { videoId: draft._id }, as: olga }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await callApi(t.app, 'addComment', {
          params: { videoId: draft._id },
          as: bob,
          body: { content: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses staff a comment on a draft (403), a draft before an unknown @name (404), and writes nothing', async () => {
    const moderator = await registerUser(t.app);
    await grantUserRole({ username: moderator.username, role: 'moderator' }, t.database.db);
    const draft = await createVideo(t.app, olga);
    await togglePublish(t.app, olga, draft._id);
    const add = (user: RegisteredUser, content: string) =>
      callApi(t.app, 'addComment', { params: { videoId: draft._id }, as: user, body: { content } });
    expect((await add(moderator, 'a reviewer leaves no trace')).statusCode).toBe(403);
    expect((await add(bob, 'hello @nobody_called_this')).statusCode).toBe(404);
    expect(await rowsOf(draft._id)).toBe(0);
    // The owner may comment on their own draft, with or without an @name.
    expect((await add(olga, 'a note to self')).statusCode).toBe(201);
    expect((await add(olga, `a note for @${bob.username}`)).statusCode).toBe(201);
    expect(await rowsOf(draft._id)).toBe(2);
  });
});

describe('GET /comments/:videoId for signed-in readers (decision 0058)', () => {
  it('is the shared page with each reader’s own likes, their change at once, nobody else’s', async () => {
    const video = await createVideo(t.app, olga);
    const [ann, ben, hid] = await Promise.all([
      registerUser(t.app),
      registerUser(t.app),
      registerUser(t.app),
    ]);
    const first = await post(video._id, carol, 'First');
    const second = await post(video._id, carol, 'Second');
    // A comment a moderator hid: its author's alone.
    const hidden = await post(video._id, hid, 'Hidden');
    await t.database.db
      .update(comments)
      .set({ hiddenAt: new Date(), hiddenReason: 'spam' })
      .where(eq(comments.id, hidden._id));
    const page = (reader: RegisteredUser | null) =>
      callApi(t.app, 'listComments', { params: { videoId: video._id }, as: reader });
    const likedBy = async (reader: RegisteredUser) =>
      (await page(reader)).data.comments.filter((c) => c.isLiked).map((c) => c._id);
    const like = async (reader: RegisteredUser, commentId: string) => {
      const res = await callApi(t.app, 'toggleCommentLike', {
        params: { id: commentId },
        as: reader,
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    await like(ben, first._id);
    const visitor = await page(null);
    expect(visitor.data.comments.map((c) => c._id)).toEqual([second._id, first._id]);
    // A reader who liked nothing gets the visitor's page byte for byte, kept or not.
    expect((await page(ann)).body).toBe(visitor.body);
    expect((await page(ann)).body).toBe(visitor.body);
    // Ben's page is the same but for his like.
    const bens = await page(ben);
    expect(JSON.parse(bens.body)).toEqual({
      ...JSON.parse(visitor.body),
      data: {
        ...visitor.data,
        comments: visitor.data.comments.map((c) => ({ ...c, isLiked: c._id === first._id })),
      },
    });
    expect(await likedBy(ann)).toEqual([]);

    // Their own change shows at once to them, and to nobody else.
    await like(ann, second._id);
    expect(await likedBy(ann)).toEqual([second._id]);
    expect(await likedBy(ben)).toEqual([first._id]);
    await like(ben, first._id);
    expect(await likedBy(ben)).toEqual([]);
    expect(await likedBy(ann)).toEqual([second._id]);

    // Who sees more than a visitor gets their own page: the hidden comment's author. (The
    // owner, who would see held ones, has their own too; a hidden one is not theirs to see.)
    expect((await page(hid)).data.comments.map((c) => c._id)).toContain(hidden._id);
    expect((await page(olga)).data.comments.map((c) => c._id)).not.toContain(hidden._id);
    expect((await page(ann)).data.comments.map((c) => c._id)).not.toContain(hidden._id);
    expect((await page(hid)).data.comments.map((c) => c._id)).toContain(hidden._id);
  });
});

describe('POST /comments/:videoId', () => {
  it('adds a trimmed comment for a signed-in user and counts it', async () => {
    const video = await createVideo(t.app, olga);
    expect(
      (
        await callApi(t.app, 'addComment', {
          params: { videoId: video._id },
          body: { content: 'hi' },
        })
      ).statusCode,
    ).toBe(401);
    const res = await callApi(t.app, 'addComment', {
      params: { videoId: video._id },
      as: bob,
      body: { content: '  Lovely shot  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      content: 'Lovely shot',
      owner: bob.userId,
      videoId: video._id,
    });
    await expectCount(video._id, 1);
  });

  it('answers the comment its statement wrote exactly as its author then reads it (decision 0069)', async () => {
    const video = await createVideo(t.app, olga);
    const written = await post(video._id, bob, 'Answered from the insert itself');
    const page = await callApi(t.app, 'listComments', {
      params: { videoId: video._id },
      query: { page: 1, limit: 10 },
      as: bob,
    });
    expect(page.statusCode).toBe(200);
    expect(page.data!.comments.find((c) => c._id === written._id)).toEqual(written);
  });

  it('refuses blank or missing content (400) and an unknown video (404), writing nothing', async () => {
    const video = await createVideo(t.app, olga);
    for (const payload of [
      { content: '' },
      { content: '   \n\t ' },
      {},
      { content: 'x'.repeat(2001) },
    ]) {
      const res = await callApi(t.app, 'addComment', {
        params: { videoId: video._id },
        as: bob,
        body: malformed(payload),
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.error.code).toBe('VALIDATION_FAILED');
    }
    expect(
      (
        await callApi(t.app, 'addComment', {
          params: { videoId: randomUUID() },
          as: bob,
          body: { content: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    await expectCount(video._id, 0);
  });

  it('refuses a comment that shows nothing once trimmed, and trims invisible edges', async () => {
    const video = await createVideo(t.app, olga);
    for (const content of ['\u200b'.repeat(50), '\u0085', '\u2800 \u3164', '\u202e\ufeff']) {
      const res = await callApi(t.app, 'addComment', {
        params: { videoId: video._id },
        as: bob,
        body: { content },
      });
      expect(res.statusCode, JSON.stringify(content)).toBe(400);
      expect(res.error.message).toBe('Comment cannot be empty');
    }
    await expectCount(video._id, 0);
    expect((await post(video._id, bob, '\u200b Nice cut \u200d')).content).toBe('Nice cut');
  });

  it('keeps the count exact when many comments arrive at once', async () => {
    const video = await createVideo(t.app, olga);
    const users = [bob, carol, olga];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        callApi(t.app, 'addComment', {
          params: { videoId: video._id },
          as: users[i % 3],
          body: { content: `burst ${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    await expectCount(video._id, 12);
  });
});

describe('PATCH /comments/:commentId', () => {
  it('lets the author alone edit: 401 for a visitor, 403 for others, even the video’s owner', async () => {
    const video = await createVideo(t.app, olga);
    const comment = await post(video._id, bob, 'first words');
    const params = { commentId: comment._id };
    expect(
      (await callApi(t.app, 'updateComment', { params, body: { content: 'visitor' } })).statusCode,
    ).toBe(401);
    for (const other of [carol, olga]) {
      const res = await callApi(t.app, 'updateComment', {
        params,
        as: other,
        body: { content: 'not mine' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.error.code).toBe('FORBIDDEN');
    }
    expect(
      (await callApi(t.app, 'updateComment', { params, as: bob, body: { content: '   ' } }))
        .statusCode,
    ).toBe(400);
    const res = await callApi(t.app, 'updateComment', {
      params,
      as: bob,
      body: { content: ' better words ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ _id: comment._id, content: 'better words' });
    const list = (await callApi(t.app, 'listComments', { params: { videoId: video._id } })).data;
    expect(list.comments.map((c: Comment) => c.content)).toEqual(['better words']);
    expect(
      (
        await callApi(t.app, 'updateComment', {
          params: { commentId: randomUUID() },
          as: bob,
          body: { content: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await callApi(t.app, 'updateComment', {
          params: { commentId: 'nope' },
          as: bob,
          body: { content: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    await expectCount(video._id, 1);
  });
});

describe('DELETE /comments/:commentId', () => {
  it('lets the author or the video’s owner delete; others get 401 or 403; counts stay exact', async () => {
    const video = await createVideo(t.app, olga);
    const byBob = await post(video._id, bob, 'by bob');
    const byCarol = await post(video._id, carol, 'by carol');
    const byOlga = await post(video._id, olga, 'by olga');
    await expectCount(video._id, 3);

    expect(
      (await callApi(t.app, 'deleteComment', { params: { commentId: byBob._id } })).statusCode,
    ).toBe(401);
    const forbidden = await callApi(t.app, 'deleteComment', {
      params: { commentId: byBob._id },
      as: carol,
    });
    expect(forbidden.statusCode).toBe(403);
    // The owner's own comment is not bob's to delete either.
    expect(
      (await callApi(t.app, 'deleteComment', { params: { commentId: byOlga._id }, as: bob }))
        .statusCode,
    ).toBe(403);
    await expectCount(video._id, 3);

    expect(
      (await callApi(t.app, 'deleteComment', { params: { commentId: byBob._id }, as: bob }))
        .statusCode,
    ).toBe(200);
    await expectCount(video._id, 2);
    const byOwner = await callApi(t.app, 'deleteComment', {
      params: { commentId: byCarol._id },
      as: olga,
    });
    expect(byOwner.statusCode).toBe(200);
    await expectCount(video._id, 1);
    // Gone is gone, and the count does not go down twice.
    expect(
      (await callApi(t.app, 'deleteComment', { params: { commentId: byBob._id }, as: bob }))
        .statusCode,
    ).toBe(404);
    await expectCount(video._id, 1);
    const remaining = (await callApi(t.app, 'listComments', { params: { videoId: video._id } }))
      .data.comments;
    expect(remaining.map((c: Comment) => c._id)).toEqual([byOlga._id]);
  });

  it('keeps the count exact when the author and the owner delete the same comment at once', async () => {
    const video = await createVideo(t.app, olga);
    const comment = await post(video._id, bob, 'contested');
    await post(video._id, carol, 'stays');
    const answers = await Promise.all([
      callApi(t.app, 'deleteComment', { params: { commentId: comment._id }, as: bob }),
      callApi(t.app, 'deleteComment', { params: { commentId: comment._id }, as: olga }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    await expectCount(video._id, 1);
  });
});
