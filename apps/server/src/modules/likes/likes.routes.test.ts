import { randomUUID } from 'node:crypto';
import type { Video } from '@kinora/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes, tweets, videos } from '../../platform/db/schema';
import { callApi } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { grantUserRole } from '../users';
import { clip, createVideo, togglePublish } from '../../../test/media-factories';

let t: TestApp;
let olga: RegisteredUser;
let bob: RegisteredUser;
let carol: RegisteredUser;
let crowd: RegisteredUser[];

beforeAll(async () => {
  t = await createTestApp();
  [olga, bob, carol] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
    clip(),
  ]);
  crowd = await Promise.all(Array.from({ length: 20 }, () => registerUser(t.app)));
});
afterAll(async () => {
  await t.close();
});

const toggleOf = {
  video: 'toggleVideoLike',
  comment: 'toggleCommentLike',
  tweet: 'toggleTweetLike',
} as const;
const statusOf = { video: 'videoLikeStatus', comment: 'commentLikeStatus' } as const;

const toggle = (kind: 'video' | 'comment' | 'tweet', id: string, user?: RegisteredUser | null) =>
  callApi(t.app, toggleOf[kind], { params: { id }, as: user });

async function status(kind: 'video' | 'comment', id: string, user?: RegisteredUser | null) {
  const res = await callApi(t.app, statusOf[kind], { params: { id }, as: user });
  expect(res.statusCode, res.body).toBe(200);
  return res.data;
}

const likeRows = async (column: 'videoId' | 'commentId' | 'tweetId', id: string, userId?: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(likes)
      .where(and(eq(likes[column], id), userId ? eq(likes.userId, userId) : undefined))
  )[0]!.n;

async function postComment(videoId: string, user: RegisteredUser) {
  const res = await callApi(t.app, 'addComment', {
    params: { videoId },
    as: user,
    body: { content: 'worth a like' },
  });
  expect(res.statusCode).toBe(201);
  return res.data._id;
}

describe('video likes', () => {
  it('toggles for a signed-in user, with status, count and the video’s likes field', async () => {
    const video = await createVideo(t.app, olga);
    expect((await toggle('video', video._id, null)).statusCode).toBe(401);
    expect(await likeRows('videoId', video._id)).toBe(0);

    const liked = await toggle('video', video._id, bob);
    expect(liked.statusCode).toBe(200);
    expect(liked.data).toEqual({ isLiked: true, likeCount: 1 });
    expect(await status('video', video._id, bob)).toEqual({ isLiked: true, likeCount: 1 });
    expect(await status('video', video._id, carol)).toEqual({ isLiked: false, likeCount: 1 });
    expect(await status('video', video._id, null)).toEqual({ isLiked: false, likeCount: 1 });
    const countRes = await callApi(t.app, 'videoLikeCount', { params: { id: video._id } });
    expect(countRes.data).toEqual({ likeCount: 1 });
    expect((await callApi(t.app, 'getVideo', { params: { id: video._id } })).data.likes).toBe(1);

    expect((await toggle('video', video._id, carol)).data).toEqual({
      isLiked: true,
      likeCount: 2,
    });
    const unliked = await toggle('video', video._id, bob);
    expect(unliked.data).toEqual({ isLiked: false, likeCount: 1 });
    expect(await status('video', video._id, bob)).toEqual({ isLiked: false, likeCount: 1 });
    expect(await likeRows('videoId', video._id)).toBe(1);
    // The owner may like their own video.
    expect((await toggle('video', video._id, olga)).data.likeCount).toBe(2);
  });

  it('answers 404 for an unknown video or someone else’s draft, 400 for a malformed id', async () => {
    const unknown = randomUUID();
    expect((await toggle('video', unknown, bob)).statusCode).toBe(404);
    expect((await callApi(t.app, 'videoLikeStatus', { params: { id: unknown } })).statusCode).toBe(
      404,
    );
    expect((await callApi(t.app, 'videoLikeCount', { params: { id: unknown } })).statusCode).toBe(
      404,
    );
    expect((await toggle('video', 'nope', bob)).statusCode).toBe(400);
    expect((await callApi(t.app, 'videoLikeStatus', { params: { id: 'nope' } })).statusCode).toBe(
      400,
    );

    const draft = await createVideo(t.app, olga);
    await togglePublish(t.app, olga, draft._id);
    expect((await toggle('video', draft._id, bob)).statusCode).toBe(404);
    expect(
      (await callApi(t.app, 'videoLikeStatus', { params: { id: draft._id }, as: bob })).statusCode,
    ).toBe(404);
    expect((await callApi(t.app, 'videoLikeCount', { params: { id: draft._id } })).statusCode).toBe(
      404,
    );
    expect(await likeRows('videoId', draft._id)).toBe(0);
    expect((await toggle('video', draft._id, olga)).statusCode).toBe(200);
  });

  it('refuses staff a like on a draft they may see (403), and writes nothing', async () => {
    const moderator = await registerUser(t.app);
    await grantUserRole({ username: moderator.username, role: 'moderator' }, t.database.db);
    const draft = await createVideo(t.app, olga);
    await togglePublish(t.app, olga, draft._id);
    const refused = await toggle('video', draft._id, moderator);
    expect(refused.statusCode).toBe(403);
    expect(await likeRows('videoId', draft._id)).toBe(0);
    const [row] = await t.database.db
      .select({ likesCount: videos.likesCount })
      .from(videos)
      .where(eq(videos.id, draft._id));
    expect(row!.likesCount).toBe(0);
  });

  it('keeps the count exact while many people like and unlike one video at once', async () => {
    const video = await createVideo(t.app, olga);
    // Half the crowd likes first; then everyone toggles at once (half unlike, half like).
    await Promise.all(crowd.slice(0, 10).map((u) => toggle('video', video._id, u)));
    const answers = await Promise.all(crowd.map((u) => toggle('video', video._id, u)));
    expect(answers.map((a) => a.statusCode)).toEqual(crowd.map(() => 200));
    expect(answers.filter((a) => a.data.isLiked).length).toBe(10);
    expect(await likeRows('videoId', video._id)).toBe(10);
    expect((await callApi(t.app, 'videoLikeCount', { params: { id: video._id } })).data).toEqual({
      likeCount: 10,
    });
  });

  it('counts 20 users liking at once exactly', async () => {
    const video = await createVideo(t.app, olga);
    const answers = await Promise.all(crowd.map((u) => toggle('video', video._id, u)));
    expect(answers.map((a) => a.statusCode)).toEqual(crowd.map(() => 200));
    expect(answers.every((a) => a.data.isLiked === true)).toBe(true);
    expect((await callApi(t.app, 'videoLikeCount', { params: { id: video._id } })).data).toEqual({
      likeCount: 20,
    });
    expect((await callApi(t.app, 'getVideo', { params: { id: video._id } })).data.likes).toBe(20);
    expect(await likeRows('videoId', video._id)).toBe(20);
  });

  it('keeps the count equal to the rows when one user toggles 10 times at once', async () => {
    const video = await createVideo(t.app, olga);
    // Someone else's like is there too, so a count that drifts below the rows shows.
    await toggle('video', video._id, carol);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => toggle('video', video._id, bob)),
    );
    // Every toggle should be answered; the counter is checked whatever they answered.
    expect.soft(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const bobsRows = await likeRows('videoId', video._id, bob.userId);
    expect([0, 1]).toContain(bobsRows);
    const rows = await likeRows('videoId', video._id);
    expect(rows).toBe(1 + bobsRows);
    expect((await callApi(t.app, 'getVideo', { params: { id: video._id } })).data.likes).toBe(rows);
    expect(
      (await callApi(t.app, 'videoLikeCount', { params: { id: video._id } })).data.likeCount,
    ).toBe(rows);
    expect(await status('video', video._id, bob)).toEqual({
      isLiked: bobsRows === 1,
      likeCount: rows,
    });
  });
});

describe('comment likes', () => {
  it('toggles with status and the comment’s likesCount and isLiked', async () => {
    const video = await createVideo(t.app, olga);
    const commentId = await postComment(video._id, carol);
    expect((await toggle('comment', commentId, null)).statusCode).toBe(401);
    expect((await toggle('comment', commentId, bob)).data).toEqual({
      isLiked: true,
      likeCount: 1,
    });
    expect(await status('comment', commentId, bob)).toEqual({ isLiked: true, likeCount: 1 });
    expect(await status('comment', commentId, null)).toEqual({ isLiked: false, likeCount: 1 });
    const list = (await callApi(t.app, 'listComments', { params: { videoId: video._id }, as: bob }))
      .data.comments;
    expect(list[0]).toMatchObject({ _id: commentId, likesCount: 1, isLiked: true });
    const asVisitor = (await callApi(t.app, 'listComments', { params: { videoId: video._id } }))
      .data.comments;
    expect(asVisitor[0]).toMatchObject({ likesCount: 1, isLiked: false });
    // A comment like is not a video like.
    expect(await status('video', video._id, bob)).toEqual({ isLiked: false, likeCount: 0 });

    expect((await toggle('comment', commentId, bob)).data).toEqual({
      isLiked: false,
      likeCount: 0,
    });
    expect(await likeRows('commentId', commentId)).toBe(0);
    expect((await toggle('comment', randomUUID(), bob)).statusCode).toBe(404);
    expect(
      (await callApi(t.app, 'commentLikeStatus', { params: { id: randomUUID() } })).statusCode,
    ).toBe(404);
  });

  it('hides the comments of someone else’s draft (404)', async () => {
    const video = await createVideo(t.app, olga);
    const commentId = await postComment(video._id, olga);
    await togglePublish(t.app, olga, video._id);
    expect((await toggle('comment', commentId, bob)).statusCode).toBe(404);
    expect(
      (await callApi(t.app, 'commentLikeStatus', { params: { id: commentId }, as: bob }))
        .statusCode,
    ).toBe(404);
    expect(await likeRows('commentId', commentId)).toBe(0);
  });
});

describe('tweet likes', () => {
  it('toggles and answers the tweet’s count', async () => {
    const [tweet] = await t.database.db
      .insert(tweets)
      .values({ ownerId: carol.userId, content: 'Hello from a tweet' })
      .returning();
    const id = tweet!.id;
    expect((await toggle('tweet', id, null)).statusCode).toBe(401);
    expect((await toggle('tweet', id, bob)).data).toEqual({ isLiked: true, likeCount: 1 });
    expect((await toggle('tweet', id, olga)).data).toEqual({ isLiked: true, likeCount: 2 });
    expect((await toggle('tweet', id, bob)).data).toEqual({ isLiked: false, likeCount: 1 });
    expect(await likeRows('tweetId', id)).toBe(1);
    const [row] = await t.database.db.select().from(tweets).where(eq(tweets.id, id));
    expect(row!.likesCount).toBe(1);
    expect((await toggle('tweet', randomUUID(), bob)).statusCode).toBe(404);
    expect((await toggle('tweet', 'nope', bob)).statusCode).toBe(400);
  });
});

describe('GET /likes/videos/:userId', () => {
  it('lists the user’s liked videos, most recent first, with likedAt; private to the user', async () => {
    const dave = await registerUser(t.app);
    const first = await createVideo(t.app, olga, { title: 'liked first' });
    const second = await createVideo(t.app, olga, { title: 'liked second' });
    const before = Date.now();
    await toggle('video', first._id, dave);
    await toggle('video', second._id, dave);
    const commentId = await postComment(first._id, olga);
    await toggle('comment', commentId, dave);

    const res = await callApi(t.app, 'likedVideos', { params: { userId: dave.userId }, as: dave });
    expect(res.statusCode).toBe(200);
    const list = res.data as (Video & { likedAt: string })[];
    expect(list.map((v) => v._id)).toEqual([second._id, first._id]);
    expect(list[0]).toMatchObject({ title: 'liked second', likes: 1, owner: { _id: olga.userId } });
    for (const v of list) {
      const at = Date.parse(v.likedAt);
      expect(at).toBeGreaterThan(before - 5_000);
      expect(at).toBeLessThan(Date.now() + 5_000);
    }
    expect(Date.parse(list[0]!.likedAt)).toBeGreaterThanOrEqual(Date.parse(list[1]!.likedAt));

    expect(
      (await callApi(t.app, 'likedVideos', { params: { userId: dave.userId } })).statusCode,
    ).toBe(401);
    const other = await callApi(t.app, 'likedVideos', { params: { userId: dave.userId }, as: bob });
    expect(other.statusCode).toBe(403);
    expect(other.error.code).toBe('FORBIDDEN');
    expect(
      (await callApi(t.app, 'likedVideos', { params: { userId: 'nope' }, as: dave })).statusCode,
    ).toBe(400);

    // Unliking takes it off; a video that became a draft is not shown to a non-owner.
    await toggle('video', first._id, dave);
    await togglePublish(t.app, olga, second._id);
    expect(
      (await callApi(t.app, 'likedVideos', { params: { userId: dave.userId }, as: dave })).data,
    ).toEqual([]);
  });

  it('pages the liked videos by cursor, in like order to the microsecond', async () => {
    const erin = await registerUser(t.app);
    const made = await t.database.db
      .insert(videos)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          ownerId: olga.userId,
          title: `Liked ${i}`,
          description: 'Inserted by a test',
        })),
      )
      .returning({ id: videos.id });
    for (const { id } of made) await toggle('video', id, erin);
    // Two likes at the same instant and two within one millisecond, as a busy server has them.
    const times = [
      '2026-01-01T00:00:00.000001Z',
      '2026-01-01T00:00:00.000002Z',
      '2026-01-01T00:00:01Z',
      '2026-01-01T00:00:01Z',
      '2026-01-02T00:00:00Z',
    ];
    for (const [i, { id }] of made.entries()) {
      await t.database.db.execute(
        sql`update likes set created_at = ${times[i]!}::timestamptz where user_id = ${erin.userId} and video_id = ${id}`,
      );
    }
    const all = (await callApi(t.app, 'likedVideos', { params: { userId: erin.userId }, as: erin }))
      .data;
    expect(all).toHaveLength(5);
    expect([all[0]!._id, all[3]!._id, all[4]!._id]).toEqual([
      made[4]!.id,
      made[1]!.id,
      made[0]!.id,
    ]);
    const paged: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 4; page++) {
      const res = await callApi(t.app, 'likedVideos', {
        params: { userId: erin.userId },
        query: { limit: 2, ...(cursor ? { cursor } : {}) },
        as: erin,
      });
      expect(res.statusCode, res.body).toBe(200);
      const entries = res.data;
      paged.push(...entries.map((v) => v._id));
      if (entries.length === 0) break;
      cursor = entries.at(-1)!.cursor;
    }
    expect(paged).toEqual(all.map((v) => v._id));
    expect(
      (
        await callApi(t.app, 'likedVideos', {
          params: { userId: erin.userId },
          query: { cursor: 'not-ours' },
          as: erin,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await callApi(t.app, 'likedVideos', {
          params: { userId: erin.userId },
          query: { limit: 0 },
          as: erin,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('ids in capitals', () => {
  it('are the same ids: one’s own liked list by an id in capitals is one’s own', async () => {
    const video = await createVideo(t.app, olga);
    expect((await toggle('video', video._id.toUpperCase(), carol)).statusCode).toBe(200);
    const res = await callApi(t.app, 'likedVideos', {
      params: { userId: carol.userId.toUpperCase() },
      as: carol,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.map((v) => v._id)).toContain(video._id);
  });
});
