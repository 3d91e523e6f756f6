import { randomUUID } from 'node:crypto';
import type { Comment, Video } from '@kinora/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
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

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, user?: RegisteredUser | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(user ? { headers: user.auth } : {}),
    ...(payload ? { payload } : {}),
  });

async function post(videoId: string, user: RegisteredUser, content: string): Promise<Comment> {
  const res = await call('POST', `/comments/${videoId}`, user, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Comment }>().data;
}

const rowsOf = async (videoId: string) =>
  (
    await t.database.db.select({ n: count() }).from(comments).where(eq(comments.videoId, videoId))
  )[0]!.n;

/** The video's `comments` field, the list's `totalCount` and the rows agree. */
async function expectCount(videoId: string, expected: number) {
  const video = (await call('GET', `/videos/${videoId}`)).json<{ data: Video }>().data;
  const list = (await call('GET', `/comments/${videoId}`)).json().data;
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

    const page1 = await call('GET', `/comments/${video._id}?page=1&limit=2`);
    expect(page1.statusCode).toBe(200);
    const data = page1.json().data;
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
    const page3 = (await call('GET', `/comments/${video._id}?page=3&limit=2`)).json().data;
    expect(page3.comments.map((c: Comment) => c.content)).toEqual(['c1']);
    expect(page3.hasNextPage).toBe(false);
    const all = (await call('GET', `/comments/${video._id}`, carol)).json().data;
    expect(all.comments).toHaveLength(5);
    expect(JSON.stringify(all)).not.toContain('email');
  });

  it('answers 404 for an unknown video or someone else’s draft, 400 for a malformed id', async () => {
    expect((await call('GET', `/comments/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('GET', '/comments/not-an-id')).statusCode).toBe(400);
    const draft = await createVideo(t.app, olga);
    await post(draft._id, bob, 'before it was hidden');
    await togglePublish(t.app, olga, draft._id);
    expect((await call('GET', `/comments/${draft._id}`)).statusCode).toBe(404);
    expect((await call('GET', `/comments/${draft._id}`, bob)).statusCode).toBe(404);
    expect((await call('GET', `/comments/${draft._id}`, olga)).statusCode).toBe(200);
    expect((await call('POST', `/comments/${draft._id}`, bob, { content: 'x' })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /comments/:videoId', () => {
  it('adds a trimmed comment for a signed-in user and counts it', async () => {
    const video = await createVideo(t.app, olga);
    expect((await call('POST', `/comments/${video._id}`, null, { content: 'hi' })).statusCode).toBe(
      401,
    );
    const res = await call('POST', `/comments/${video._id}`, bob, { content: '  Lovely shot  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      content: 'Lovely shot',
      owner: bob.userId,
      videoId: video._id,
    });
    await expectCount(video._id, 1);
  });

  it('refuses blank or missing content (400) and an unknown video (404), writing nothing', async () => {
    const video = await createVideo(t.app, olga);
    for (const payload of [
      { content: '' },
      { content: '   \n\t ' },
      {},
      { content: 'x'.repeat(2001) },
    ]) {
      const res = await call('POST', `/comments/${video._id}`, bob, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(
      (await call('POST', `/comments/${randomUUID()}`, bob, { content: 'x' })).statusCode,
    ).toBe(404);
    await expectCount(video._id, 0);
  });

  it('keeps the count exact when many comments arrive at once', async () => {
    const video = await createVideo(t.app, olga);
    const users = [bob, carol, olga];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('POST', `/comments/${video._id}`, users[i % 3], { content: `burst ${i}` }),
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
    const url = `/comments/${comment._id}`;
    expect((await call('PATCH', url, null, { content: 'visitor' })).statusCode).toBe(401);
    for (const other of [carol, olga]) {
      const res = await call('PATCH', url, other, { content: 'not mine' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await call('PATCH', url, bob, { content: '   ' })).statusCode).toBe(400);
    const res = await call('PATCH', url, bob, { content: ' better words ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: comment._id, content: 'better words' });
    const list = (await call('GET', `/comments/${video._id}`)).json().data;
    expect(list.comments.map((c: Comment) => c.content)).toEqual(['better words']);
    expect(
      (await call('PATCH', `/comments/${randomUUID()}`, bob, { content: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('PATCH', '/comments/nope', bob, { content: 'x' })).statusCode).toBe(400);
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

    expect((await call('DELETE', `/comments/${byBob._id}`, null)).statusCode).toBe(401);
    const forbidden = await call('DELETE', `/comments/${byBob._id}`, carol);
    expect(forbidden.statusCode).toBe(403);
    // The owner's own comment is not bob's to delete either.
    expect((await call('DELETE', `/comments/${byOlga._id}`, bob)).statusCode).toBe(403);
    await expectCount(video._id, 3);

    expect((await call('DELETE', `/comments/${byBob._id}`, bob)).statusCode).toBe(200);
    await expectCount(video._id, 2);
    const byOwner = await call('DELETE', `/comments/${byCarol._id}`, olga);
    expect(byOwner.statusCode).toBe(200);
    await expectCount(video._id, 1);
    // Gone is gone, and the count does not go down twice.
    expect((await call('DELETE', `/comments/${byBob._id}`, bob)).statusCode).toBe(404);
    await expectCount(video._id, 1);
    const remaining = (await call('GET', `/comments/${video._id}`)).json().data.comments;
    expect(remaining.map((c: Comment) => c._id)).toEqual([byOlga._id]);
  });

  it('keeps the count exact when the author and the owner delete the same comment at once', async () => {
    const video = await createVideo(t.app, olga);
    const comment = await post(video._id, bob, 'contested');
    await post(video._id, carol, 'stays');
    const answers = await Promise.all([
      call('DELETE', `/comments/${comment._id}`, bob),
      call('DELETE', `/comments/${comment._id}`, olga),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    await expectCount(video._id, 1);
  });
});
