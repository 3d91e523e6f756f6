import { randomInt, randomUUID } from 'node:crypto';
import type { QueryOf, Video } from '@kinora/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comments,
  likes,
  mediaAssets,
  playlistItems,
  playlists,
  videos,
  viewEvents,
  watchHistory,
} from '../../platform/db/schema';
import { callApi, malformed } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, uniqueSuffix, type RegisteredUser } from '../../../test/factories';
import { clip, createVideo, togglePublish, uploadAsset } from '../../../test/media-factories';

let t: TestApp;
let alice: RegisteredUser;
let bob: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([registerUser(t.app), registerUser(t.app), clip()]);
});
afterAll(async () => {
  await t.close();
});

const videoCount = async () => (await t.database.db.select({ n: count() }).from(videos))[0]!.n;

async function listVideos(query: QueryOf<'listVideos'>, user?: RegisteredUser | null) {
  const res = await callApi(t.app, 'listVideos', { query, as: user });
  expect(res.statusCode, res.body).toBe(200);
  return res.data;
}

/** Views from distinct visitors: each from an address of its own. */
async function visitorViews(videoId: string, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await callApi(t.app, 'recordView', {
      params: { id: videoId },
      remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
      body: {},
    });
    expect(res.data.counted).toBe(true);
  }
}

describe('POST /videos', () => {
  it('creates a video from the caller’s assets, with the server’s duration and URLs', async () => {
    const asset = await uploadAsset(t.app, alice, 'video');
    const thumbnail = await uploadAsset(t.app, alice, 'image');
    // What the spec's client also sends, outside the contract; the server knows better.
    const claimed = {
      videofile: 'https://evil.example/fake.mp4',
      thumbnail: 'https://evil.example/fake.jpg',
      duration: 9999,
    };
    const res = await callApi(t.app, 'createVideo', {
      as: alice,
      body: {
        title: '  First light  ',
        description: ' A sunrise ',
        videoPublicId: asset.public_id,
        thumbnailPublicId: thumbnail.public_id,
        ...claimed,
      },
    });
    expect(res.statusCode).toBe(201);
    const video = res.data as Video;
    expect(video).toMatchObject({
      title: 'First light',
      description: 'A sunrise',
      duration: asset.duration,
      views: 0,
      likes: 0,
      comments: 0,
      isLive: false,
      isPublished: true,
      status: 'uploaded',
      hls: null,
      storyboard: null,
      processingProgress: null,
      videoPublicId: asset.public_id,
      thumbnailPublicId: thumbnail.public_id,
      owner: {
        _id: alice.userId,
        username: alice.username,
        subscribersCount: 0,
        avatar: expect.stringMatching(/^\/media\/avatars\//),
      },
    });
    expect(video.duration).toBeCloseTo(2, 0);
    expect(video.videofile).toBe(new URL(asset.url).pathname);
    expect(video.thumbnail).toBe(new URL(thumbnail.url).pathname);
    const file = await t.app.inject({
      method: 'GET',
      url: video.videofile!,
      headers: { range: 'bytes=0-99' },
    });
    expect(file.statusCode).toBe(206);

    const fetched = await callApi(t.app, 'getVideo', { params: { id: video._id } });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.data).toEqual(video);
  });

  it('refuses a visitor (401) and bad fields (400)', async () => {
    const asset = await uploadAsset(t.app, alice, 'video');
    const before = await videoCount();
    const body = { title: 'x', description: 'y', videoPublicId: asset.public_id };
    expect((await callApi(t.app, 'createVideo', { body })).statusCode).toBe(401);
    const blank = await callApi(t.app, 'createVideo', {
      as: alice,
      body: { ...body, title: '   ', description: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.error.errors!.map((e) => e.field)).toEqual(
      expect.arrayContaining(['title', 'description']),
    );
    // Invisible characters alone are no title or description either.
    const invisible = await callApi(t.app, 'createVideo', {
      as: alice,
      body: { ...body, title: '\u200b\u200b', description: '\u0085\u2800' },
    });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.error.errors!.map((e) => e.message)).toEqual(
      expect.arrayContaining(['Title is required', 'Description is required']),
    );
    expect(
      (
        await callApi(t.app, 'createVideo', {
          as: alice,
          body: malformed({ title: 'x', description: 'y' }),
        })
      ).statusCode,
    ).toBe(400);
    expect(await videoCount()).toBe(before);
  });

  it('refuses another user’s assets, unknown ids and assets of the wrong kind (400), writing nothing', async () => {
    const bobsVideo = await uploadAsset(t.app, bob, 'video');
    const bobsThumbnail = await uploadAsset(t.app, bob, 'image');
    const ownVideo = await uploadAsset(t.app, alice, 'video');
    const ownThumbnail = await uploadAsset(t.app, alice, 'image');
    const before = await videoCount();
    const attempts = [
      { videoPublicId: bobsVideo.public_id, field: 'videoPublicId' },
      {
        videoPublicId: ownVideo.public_id,
        thumbnailPublicId: bobsThumbnail.public_id,
        field: 'thumbnailPublicId',
      },
      { videoPublicId: `videos/${randomUUID()}`, field: 'videoPublicId' },
      { videoPublicId: ownThumbnail.public_id, field: 'videoPublicId' },
      {
        videoPublicId: ownVideo.public_id,
        thumbnailPublicId: ownVideo.public_id,
        field: 'thumbnailPublicId',
      },
    ];
    for (const { field, ...ids } of attempts) {
      const res = await callApi(t.app, 'createVideo', {
        as: alice,
        body: { title: 't', description: 'd', ...ids },
      });
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(res.error.errors).toContainEqual(expect.objectContaining({ field }));
    }
    expect(await videoCount()).toBe(before);
    // Bob's assets are still his to use.
    const own = await callApi(t.app, 'createVideo', {
      as: bob,
      body: {
        title: 'Mine',
        description: 'd',
        videoPublicId: bobsVideo.public_id,
        thumbnailPublicId: bobsThumbnail.public_id,
      },
    });
    expect(own.statusCode).toBe(201);
  });

  it('refuses the same video file twice (409), also when both arrive at once', async () => {
    const asset = await uploadAsset(t.app, alice, 'video');
    const body = { title: 'Once', description: 'd', videoPublicId: asset.public_id };
    expect((await callApi(t.app, 'createVideo', { as: alice, body })).statusCode).toBe(201);
    const again = await callApi(t.app, 'createVideo', { as: alice, body });
    expect(again.statusCode).toBe(409);
    expect(again.error.code).toBe('CONFLICT');

    const other = await uploadAsset(t.app, alice, 'video');
    const before = await videoCount();
    const both = await Promise.all(
      [0, 1].map(() =>
        callApi(t.app, 'createVideo', {
          as: alice,
          body: { ...body, videoPublicId: other.public_id },
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await videoCount()).toBe(before + 1);
  });
});

describe('GET /videos', () => {
  let carol: RegisteredUser;
  let token: string;
  let first: Video;
  let second: Video;
  let third: Video;

  beforeAll(async () => {
    carol = await registerUser(t.app);
    token = `kin${uniqueSuffix()}`;
    first = await createVideo(t.app, carol, { title: `Zebra crossing ${token}a` });
    second = await createVideo(t.app, carol, {
      title: 'Quiet morning',
      description: `A quokka named ${token}b smiles`,
    });
    third = await createVideo(t.app, carol, { title: `Fully 100% (sure) ${token}c` });
    await visitorViews(second._id, 2);
    await visitorViews(third._id, 1);
  });

  const ids = (page: { videos: Video[] }) => page.videos.map((v) => v._id);

  it('pages, with page, limit, totalPages, hasNextPage and totalVideos', async () => {
    const all = await listVideos({ userId: carol.userId });
    expect(all).toMatchObject({
      page: 1,
      limit: 10,
      totalPages: 1,
      hasNextPage: false,
      totalVideos: 3,
    });
    const page1 = await listVideos({ userId: carol.userId, limit: 2, page: 1 });
    expect(page1).toMatchObject({
      page: 1,
      limit: 2,
      totalPages: 2,
      hasNextPage: true,
      totalVideos: 3,
    });
    expect(page1.videos).toHaveLength(2);
    const page2 = await listVideos({ userId: carol.userId, limit: 2, page: 2 });
    expect(page2).toMatchObject({ page: 2, totalPages: 2, hasNextPage: false, totalVideos: 3 });
    expect(page2.videos).toHaveLength(1);
    expect(new Set([...ids(page1), ...ids(page2)]).size).toBe(3);
    const beyond = await listVideos({ userId: carol.userId, limit: 2, page: 3 });
    expect(beyond.videos).toEqual([]);
    for (const bad of [
      { page: 0 },
      { limit: 0 },
      { limit: 101 },
      { page: 'x' },
      { sortBy: 'password' },
      { sortType: 'up' },
    ]) {
      const res = await callApi(t.app, 'listVideos', { query: malformed(bad) });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('keeps the total of every published video exact through uploads, drafts and deletes', async () => {
    // Signed in: visitors share an answer that may be a few seconds old (decision 0010).
    const total = async () => (await listVideos({ limit: 1 }, alice)).totalVideos;
    const published = async () =>
      (
        await t.database.db.select({ n: count() }).from(videos).where(eq(videos.isPublished, true))
      )[0]!.n;
    const before = await total();
    expect(before).toBe(await published());
    const owners = [alice, bob, alice, bob, alice];
    const made = await Promise.all(owners.map((u) => createVideo(t.app, u)));
    expect(await total()).toBe(before + 5);
    expect(
      (await callApi(t.app, 'togglePublish', { params: { id: made[0]!._id }, as: alice }))
        .statusCode,
    ).toBe(200);
    expect(await total()).toBe(before + 4);
    // A draft deleted leaves the total alone; a published video deleted takes one away.
    expect(
      (await callApi(t.app, 'deleteVideo', { params: { id: made[0]!._id }, as: alice })).statusCode,
    ).toBe(200);
    expect(
      (await callApi(t.app, 'deleteVideo', { params: { id: made[1]!._id }, as: bob })).statusCode,
    ).toBe(200);
    expect(await total()).toBe(before + 3);
    // Counting a view does not move it.
    expect(
      (await callApi(t.app, 'recordView', { params: { id: made[2]!._id }, as: bob, body: {} }))
        .statusCode,
    ).toBe(200);
    expect(await total()).toBe(before + 3);
    expect(await total()).toBe(await published());
  });

  it('sorts by views and by upload time, both ways', async () => {
    const q = { userId: carol.userId };
    expect(ids(await listVideos({ ...q, sortBy: 'views', sortType: 'desc' }))).toEqual([
      second._id,
      third._id,
      first._id,
    ]);
    expect(ids(await listVideos({ ...q, sortBy: 'views', sortType: 'asc' }))).toEqual([
      first._id,
      third._id,
      second._id,
    ]);
    expect(ids(await listVideos({ ...q, sortBy: 'createdAt', sortType: 'desc' }))).toEqual([
      third._id,
      second._id,
      first._id,
    ]);
    expect(ids(await listVideos({ ...q, sortBy: 'createdAt', sortType: 'asc' }))).toEqual([
      first._id,
      second._id,
      third._id,
    ]);
    // The default is newest first.
    expect(ids(await listVideos(q))).toEqual([third._id, second._id, first._id]);
    const views = (await listVideos({ ...q, sortBy: 'views', sortType: 'desc' })).videos.map(
      (v) => v.views,
    );
    expect(views).toEqual([2, 1, 0]);
  });

  it('finds words of titles and descriptions, and treats %, _ and ( as plain text', async () => {
    expect(ids(await listVideos({ query: `${token}a` }))).toEqual([first._id]);
    expect(ids(await listVideos({ query: `${token.toUpperCase()}B` }))).toEqual([second._id]);
    expect(ids(await listVideos({ query: `zebra crossing ${token}a` }))).toEqual([first._id]);
    expect((await listVideos({ query: `nothing${uniqueSuffix()}` })).videos).toEqual([]);
    for (const text of ['%', '_', '(', ')', '%%', "'", '\\', '(sure', '*', ':', '!', '&', '|']) {
      const res = await callApi(t.app, 'listVideos', {
        query: { query: encodeURIComponent(text) },
      });
      expect(res.statusCode, text).toBe(200);
      for (const v of res.data.videos as Video[]) {
        expect(`${v.title} ${v.description}`, text).toContain(text);
      }
    }
    // A pattern character does not match everything: only the title that has a % is found.
    const percent = await listVideos({ query: '%', userId: carol.userId });
    expect(ids(percent).every((id) => id === third._id)).toBe(true);
  });

  it('filters by channel', async () => {
    const page = await listVideos({ userId: carol.userId });
    expect(page.videos.every((v) => v.owner._id === carol.userId)).toBe(true);
    const nobody = await listVideos({ userId: randomUUID() });
    expect(nobody).toMatchObject({ videos: [], totalVideos: 0, totalPages: 0, hasNextPage: false });
    expect(
      (await callApi(t.app, 'listVideos', { query: { userId: 'not-an-id' } })).statusCode,
    ).toBe(400);
  });

  it('shows a draft to its owner only: in lists, by id, and as a 404 to anyone else', async () => {
    const draft = await togglePublish(t.app, carol, first._id);
    expect(draft.isPublished).toBe(false);
    try {
      const q = { userId: carol.userId };
      const own = await listVideos(q, carol);
      expect(ids(own)).toContain(first._id);
      expect(own.videos.find((v) => v._id === first._id)!.isPublished).toBe(false);
      expect(own.totalVideos).toBe(3);
      for (const viewer of [null, bob]) {
        const list = await listVideos(q, viewer);
        expect(ids(list)).not.toContain(first._id);
        expect(list.totalVideos).toBe(2);
        expect(ids(await listVideos({ query: `${token}a` }, viewer))).toEqual([]);
        const res = await callApi(t.app, 'getVideo', { params: { id: first._id }, as: viewer });
        expect(res.statusCode).toBe(404);
        expect(res.error.code).toBe('NOT_FOUND');
      }
      expect(
        (await callApi(t.app, 'getVideo', { params: { id: first._id }, as: carol })).statusCode,
      ).toBe(200);
      // Bob cannot act on what he cannot see: it is not there for him.
      expect(
        (
          await callApi(t.app, 'updateVideo', {
            params: { id: first._id },
            as: bob,
            body: { title: 'x' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await callApi(t.app, 'togglePublish', { params: { id: first._id }, as: bob })).statusCode,
      ).toBe(404);
      expect(
        (await callApi(t.app, 'deleteVideo', { params: { id: first._id }, as: bob })).statusCode,
      ).toBe(404);
      expect(
        (await callApi(t.app, 'recordView', { params: { id: first._id }, as: bob, body: {} }))
          .statusCode,
      ).toBe(404);
      expect(
        (await callApi(t.app, 'recordView', { params: { id: first._id }, body: {} })).statusCode,
      ).toBe(404);
    } finally {
      expect((await togglePublish(t.app, carol, first._id)).isPublished).toBe(true);
    }
    expect(ids(await listVideos({ userId: carol.userId }))).toContain(first._id);
  });
});

describe('PATCH /videos/:id', () => {
  it('lets the owner change title, description and thumbnail; others get 401 or 403', async () => {
    const video = await createVideo(t.app, alice);
    expect(
      (
        await callApi(t.app, 'updateVideo', {
          params: { id: video._id },
          body: { title: 'Visitor' },
        })
      ).statusCode,
    ).toBe(401);
    const forbidden = await callApi(t.app, 'updateVideo', {
      params: { id: video._id },
      as: bob,
      body: { title: 'Bob' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.error.code).toBe('FORBIDDEN');

    const thumbnail = await uploadAsset(t.app, alice, 'image');
    const res = await callApi(t.app, 'updateVideo', {
      params: { id: video._id },
      as: alice,
      body: {
        title: ' Renamed ',
        description: 'New words',
        thumbnailPublicId: thumbnail.public_id,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      _id: video._id,
      title: 'Renamed',
      description: 'New words',
      thumbnail: new URL(thumbnail.url).pathname,
      thumbnailPublicId: thumbnail.public_id,
      videofile: video.videofile,
      duration: video.duration,
    });
    const titleOnly = await callApi(t.app, 'updateVideo', {
      params: { id: video._id },
      as: alice,
      body: { title: 'Only the title' },
    });
    expect(titleOnly.data).toMatchObject({
      title: 'Only the title',
      description: 'New words',
      thumbnailPublicId: thumbnail.public_id,
    });

    const bobsThumbnail = await uploadAsset(t.app, bob, 'image');
    for (const body of [
      {},
      { title: '   ' },
      { thumbnailPublicId: bobsThumbnail.public_id },
      { thumbnailPublicId: video.videoPublicId },
    ]) {
      expect(
        (
          await callApi(t.app, 'updateVideo', {
            params: { id: video._id },
            as: alice,
            body: malformed(body),
          })
        ).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect((await callApi(t.app, 'getVideo', { params: { id: video._id } })).data).toMatchObject({
      title: 'Only the title',
      thumbnailPublicId: thumbnail.public_id,
    });
  });
});

describe('PATCH /videos/:id/toggle', () => {
  it('switches publication for the owner only', async () => {
    const video = await createVideo(t.app, alice);
    expect((await callApi(t.app, 'togglePublish', { params: { id: video._id } })).statusCode).toBe(
      401,
    );
    expect(
      (await callApi(t.app, 'togglePublish', { params: { id: video._id }, as: bob })).statusCode,
    ).toBe(403);
    const off = await callApi(t.app, 'togglePublish', { params: { id: video._id }, as: alice });
    expect(off.statusCode).toBe(200);
    expect(off.data.isPublished).toBe(false);
    const on = await callApi(t.app, 'togglePublish', { params: { id: video._id }, as: alice });
    expect(on.data.isPublished).toBe(true);
  });
});

describe('DELETE /videos/:id', () => {
  it('removes the video with its comments, likes, playlist items, history, views and assets', async () => {
    const video = await createVideo(t.app, alice, { withThumbnail: true });
    const kept = await createVideo(t.app, alice);

    const comment = await callApi(t.app, 'addComment', {
      params: { videoId: video._id },
      as: bob,
      body: { content: 'Nice' },
    });
    const keptComment = await callApi(t.app, 'addComment', {
      params: { videoId: kept._id },
      as: bob,
      body: { content: 'Also nice' },
    });
    const commentId: string = comment.data._id;
    expect(
      (await callApi(t.app, 'toggleVideoLike', { params: { id: video._id }, as: bob })).statusCode,
    ).toBe(200);
    expect(
      (await callApi(t.app, 'toggleCommentLike', { params: { id: commentId }, as: alice }))
        .statusCode,
    ).toBe(200);
    expect(
      (await callApi(t.app, 'toggleVideoLike', { params: { id: kept._id }, as: bob })).statusCode,
    ).toBe(200);
    expect(
      (
        await callApi(t.app, 'recordView', {
          params: { id: video._id },
          as: bob,
          body: { position: 3 },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await callApi(t.app, 'recordView', { params: { id: kept._id }, as: bob, body: {} }))
        .statusCode,
    ).toBe(200);
    const db = t.database.db;
    const [playlist] = await db
      .insert(playlists)
      .values({ ownerId: bob.userId, name: 'Favourites', description: '' })
      .returning();
    await db.insert(playlistItems).values([
      { playlistId: playlist!.id, videoId: video._id, position: 1 },
      { playlistId: playlist!.id, videoId: kept._id, position: 2 },
    ]);

    expect((await callApi(t.app, 'deleteVideo', { params: { id: video._id } })).statusCode).toBe(
      401,
    );
    const forbidden = await callApi(t.app, 'deleteVideo', { params: { id: video._id }, as: bob });
    expect(forbidden.statusCode).toBe(403);
    expect((await callApi(t.app, 'getVideo', { params: { id: video._id } })).statusCode).toBe(200);

    const res = await callApi(t.app, 'deleteVideo', { params: { id: video._id }, as: alice });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: {} });

    const rowsOf = async (videoId: string) => ({
      videos: (await db.select({ n: count() }).from(videos).where(eq(videos.id, videoId)))[0]!.n,
      comments: (
        await db.select({ n: count() }).from(comments).where(eq(comments.videoId, videoId))
      )[0]!.n,
      likes: (await db.select({ n: count() }).from(likes).where(eq(likes.videoId, videoId)))[0]!.n,
      playlistItems: (
        await db
          .select({ n: count() })
          .from(playlistItems)
          .where(eq(playlistItems.videoId, videoId))
      )[0]!.n,
      history: (
        await db.select({ n: count() }).from(watchHistory).where(eq(watchHistory.videoId, videoId))
      )[0]!.n,
      views: (
        await db.select({ n: count() }).from(viewEvents).where(eq(viewEvents.videoId, videoId))
      )[0]!.n,
    });
    expect(await rowsOf(video._id)).toEqual({
      videos: 0,
      comments: 0,
      likes: 0,
      playlistItems: 0,
      history: 0,
      views: 0,
    });
    const commentLikes = await db
      .select({ n: count() })
      .from(likes)
      .where(eq(likes.commentId, commentId));
    expect(commentLikes[0]!.n).toBe(0);
    const assets = await db
      .select({ n: count() })
      .from(mediaAssets)
      .where(inArray(mediaAssets.publicId, [video.videoPublicId!, video.thumbnailPublicId!]));
    expect(assets[0]!.n).toBe(0);
    // The other video and the playlist keep everything of their own.
    expect(await rowsOf(kept._id)).toEqual({
      videos: 1,
      comments: 1,
      likes: 1,
      playlistItems: 1,
      history: 1,
      views: 1,
    });
    expect(keptComment.statusCode).toBe(201);
    const [stillThere] = await db
      .select({ n: count() })
      .from(playlists)
      .where(eq(playlists.id, playlist!.id));
    expect(stillThere!.n).toBe(1);

    expect((await callApi(t.app, 'getVideo', { params: { id: video._id } })).statusCode).toBe(404);
    expect(
      (await callApi(t.app, 'getVideo', { params: { id: video._id }, as: alice })).statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, 'deleteVideo', { params: { id: video._id }, as: alice })).statusCode,
    ).toBe(404);
    // The freed asset cannot be reused for a new video: it is gone.
    const reuse = await callApi(t.app, 'createVideo', {
      as: alice,
      body: {
        title: 't',
        description: 'd',
        videoPublicId: video.videoPublicId!,
      },
    });
    expect(reuse.statusCode).toBe(400);
  });
});

describe('PATCH /videos/:id/views', () => {
  let crowd: RegisteredUser[];
  beforeAll(async () => {
    crowd = await Promise.all(Array.from({ length: 20 }, () => registerUser(t.app)));
  });

  it('counts a signed-in viewer once per hour and keeps their history with time and position', async () => {
    const video = await createVideo(t.app, alice);
    const before = Date.now();
    const first = await callApi(t.app, 'recordView', {
      params: { id: video._id },
      as: bob,
      body: { position: 12.5 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.data).toEqual({ views: 1, counted: true });
    const history = () =>
      t.database.db
        .select()
        .from(watchHistory)
        .where(and(eq(watchHistory.userId, bob.userId), eq(watchHistory.videoId, video._id)));
    const [entry] = await history();
    expect(entry!.positionSeconds).toBe(12.5);
    expect(entry!.watchedAt.getTime()).toBeGreaterThan(before - 5_000);
    expect(entry!.watchedAt.getTime()).toBeLessThan(Date.now() + 5_000);

    const second = await callApi(t.app, 'recordView', {
      params: { id: video._id },
      as: bob,
      body: { position: 30 },
    });
    expect(second.data).toEqual({ views: 1, counted: false });
    const entries = await history();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.positionSeconds).toBe(30);
    expect(entries[0]!.watchedAt.getTime()).toBeGreaterThanOrEqual(entry!.watchedAt.getTime());
    // Without a position the last one is kept.
    await callApi(t.app, 'recordView', { params: { id: video._id }, as: bob, body: {} });
    expect((await history())[0]!.positionSeconds).toBe(30);

    // Another viewer counts; the owner's own view counts too.
    expect(
      (await callApi(t.app, 'recordView', { params: { id: video._id }, as: alice, body: {} })).data,
    ).toEqual({ views: 2, counted: true });
    expect((await callApi(t.app, 'getVideo', { params: { id: video._id } })).data.views).toBe(2);

    for (const position of [-1, 'x', 90_000]) {
      expect(
        (
          await callApi(t.app, 'recordView', {
            params: { id: video._id },
            as: bob,
            body: { position: malformed(position) },
          })
        ).statusCode,
        String(position),
      ).toBe(400);
    }
  });

  it('counts a view sent without a body, as the spec’s client sends it', async () => {
    const video = await createVideo(t.app, alice);
    const visitor = await callApi(t.app, 'recordView', { params: { id: video._id } });
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.data).toEqual({ views: 1, counted: true });
    const signedIn = await callApi(t.app, 'recordView', { params: { id: video._id }, as: bob });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.data).toEqual({ views: 2, counted: true });
  });

  it('counts a visitor once per view cookie and keeps no history for them', async () => {
    const video = await createVideo(t.app, alice);
    const historyBefore = (await t.database.db.select({ n: count() }).from(watchHistory))[0]!.n;
    const view = (remoteAddress: string, headers: Record<string, string> = {}) =>
      callApi(t.app, 'recordView', { params: { id: video._id }, remoteAddress, headers, body: {} });
    const first = await view('192.0.2.1', { 'user-agent': 'browser-a' });
    expect(first.data).toEqual({ views: 1, counted: true });
    const cookie = first.cookies.find((c) => c.name === 'kinoraViewer')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/videos' });
    // The same browser, whatever its User-Agent says, is the same viewer.
    const again = await view('192.0.2.1', {
      'user-agent': 'browser-b',
      cookie: `kinoraViewer=${cookie.value}`,
    });
    expect(again.data).toEqual({ views: 1, counted: false });
    expect(again.cookies).toEqual([]);
    expect((await view('198.51.100.7')).data).toEqual({ views: 2, counted: true });
    const historyAfter = (await t.database.db.select({ n: count() }).from(watchHistory))[0]!.n;
    expect(historyAfter).toBe(historyBefore);
  });

  it('caps visitors’ views per address per video per hour; signed-in viewers still count once each', async () => {
    const video = await createVideo(t.app, alice);
    const params = { id: video._id };
    const address = '203.0.113.9';
    let counted = 0;
    for (let i = 0; i < 100; i++) {
      const res = await callApi(t.app, 'recordView', {
        params,
        remoteAddress: address,
        // A new browser each time, and one that never sends its cookie back.
        headers: { 'user-agent': `bot/${randomUUID()}` },
        body: {},
      });
      expect(res.statusCode).toBe(200);
      if (res.data.counted) counted++;
    }
    expect(counted).toBeGreaterThan(1);
    expect(counted).toBeLessThanOrEqual(10);
    const afterVisitors = counted;

    // Signed-in people behind the same address each count, once an hour.
    const signedIn = crowd.slice(0, 12);
    for (const user of [...signedIn, ...signedIn]) {
      const res = await callApi(t.app, 'recordView', {
        params,
        remoteAddress: address,
        as: user,
        body: {},
      });
      if (res.data.counted) counted++;
    }
    expect(counted).toBe(afterVisitors + signedIn.length);
    expect(
      (await callApi(t.app, 'getVideo', { params: { id: video._id }, as: alice })).data.views,
    ).toBe(counted);
  });

  it('counts 20 viewers at once exactly, and one viewer 10 times at once as one view', async () => {
    const video = await createVideo(t.app, alice);
    const many = await Promise.all(
      crowd.map((u) =>
        callApi(t.app, 'recordView', { params: { id: video._id }, as: u, body: {} }),
      ),
    );
    expect(many.map((r) => r.statusCode)).toEqual(crowd.map(() => 200));
    expect(many.filter((r) => r.data.counted)).toHaveLength(20);
    // Read signed in: visitors share an answer that may lag a few seconds (decision 0010).
    expect(
      (await callApi(t.app, 'getVideo', { params: { id: video._id }, as: alice })).data.views,
    ).toBe(20);

    const same = await Promise.all(
      Array.from({ length: 10 }, () =>
        callApi(t.app, 'recordView', { params: { id: video._id }, as: bob, body: {} }),
      ),
    );
    expect(same.map((r) => r.statusCode)).toEqual(same.map(() => 200));
    expect(same.filter((r) => r.data.counted)).toHaveLength(1);
    expect(
      (await callApi(t.app, 'getVideo', { params: { id: video._id }, as: alice })).data.views,
    ).toBe(21);
    const bobsEvents = await t.database.db
      .select({ n: count() })
      .from(viewEvents)
      .where(and(eq(viewEvents.videoId, video._id), eq(viewEvents.viewerId, bob.userId)));
    expect(bobsEvents[0]!.n).toBe(1);
  });
});

describe('unknown and malformed ids', () => {
  it('answer 404 for an unknown video and 400 for a malformed id', async () => {
    const unknown = randomUUID();
    const cases = [
      ['GET', (id: string) => callApi(t.app, 'getVideo', { params: { id }, as: alice })],
      [
        'PATCH',
        (id: string) =>
          callApi(t.app, 'updateVideo', { params: { id }, as: alice, body: { title: 'x' } }),
      ],
      ['DELETE', (id: string) => callApi(t.app, 'deleteVideo', { params: { id }, as: alice })],
      [
        'PATCH /toggle',
        (id: string) => callApi(t.app, 'togglePublish', { params: { id }, as: alice }),
      ],
      [
        'PATCH /views',
        (id: string) => callApi(t.app, 'recordView', { params: { id }, as: alice, body: {} }),
      ],
    ] as const;
    for (const [what, call] of cases) {
      const missing = await call(unknown);
      expect(missing.statusCode, what).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      const badId = await call('not-a-uuid');
      expect(badId.statusCode, what).toBe(400);
      expect(badId.error.code).toBe('VALIDATION_FAILED');
    }
    expect(
      (await callApi(t.app, 'recordView', { params: { id: unknown }, body: {} })).statusCode,
    ).toBe(404);
  });
});
