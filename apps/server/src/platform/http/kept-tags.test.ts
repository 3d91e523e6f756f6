import type { Video } from '@kinora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createVideo, togglePublish } from '../../../test/media-factories';
import { dropsOf, notificationsShown, shows } from './kept-tags';

/**
 * A change drops only the kept answers that show what it changed (decision 0025). Each case
 * reads a set of pages twice (the second from memory: it carries an `Age`), makes one change
 * through the API, and tells which pages were computed afresh. Kept answers live a minute
 * here, so nothing expires on its own during a case.
 */
describe('kept answers dropped by the changes that concern them', () => {
  let t: TestApp;
  let owner: RegisteredUser;
  let viewer: RegisteredUser;
  let video: Video;
  let other: Video;
  /** Taken back to a draft and published again; its own page is not among those read. */
  let third: Video;
  let playlistId: string;

  const pages = () =>
    ({
      home: '/api/v1/videos',
      video: `/api/v1/videos/${video._id}`,
      otherVideo: `/api/v1/videos/${other._id}`,
      comments: `/api/v1/comments/${video._id}`,
      channel: `/api/v1/channels/${owner.userId}`,
      channelVideos: `/api/v1/channels/${owner.userId}/videos`,
      viewerChannel: `/api/v1/channels/${viewer.userId}`,
      tweets: `/api/v1/tweets/user/${owner.userId}`,
      search: '/api/v1/search?query=kept',
      playlist: `/api/v1/playlists/${playlistId}`,
    }) as const;
  type Page = keyof ReturnType<typeof pages>;

  const read = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    return res.headers.age !== undefined;
  };
  /** Reads every page until each is kept. */
  const warm = async () => {
    for (const url of Object.values(pages())) {
      await read(url);
      expect(await read(url), `${url} kept`).toBe(true);
    }
  };
  /** The pages computed afresh on the next read. */
  const recomputed = async (): Promise<Page[]> => {
    const fresh: Page[] = [];
    for (const [page, url] of Object.entries(pages()) as [Page, string][]) {
      if (!(await read(url))) fresh.push(page);
    }
    return fresh.sort();
  };
  const call = async (
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    user: RegisteredUser,
    payload?: object,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: user.auth,
      ...(payload ? { payload } : {}),
    });
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_CACHE_TTL: '60s', SEARCH_CACHE_TTL: '60s' });
    owner = await registerUser(t.app);
    viewer = await registerUser(t.app);
    video = await createVideo(t.app, owner, { title: 'kept one' });
    other = await createVideo(t.app, owner, { title: 'kept two' });
    third = await createVideo(t.app, owner, { title: 'kept three' });
    const playlist = await call('POST', '/api/v1/playlists', owner, { name: 'Kept favourites' });
    playlistId = playlist.json<{ data: { _id: string } }>().data._id;
    const added = await call('POST', `/api/v1/playlists/${playlistId}/videos/${video._id}`, owner);
    expect(added.statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it('a saved watch position and a counted view drop nothing', async () => {
    await warm();
    const saved = await call('PUT', `/api/v1/users/watchHistory/${video._id}`, viewer, {
      positionSeconds: 3,
    });
    expect(saved.statusCode).toBe(200);
    const viewed = await call('PATCH', `/api/v1/videos/${video._id}/views`, viewer, {});
    expect(viewed.statusCode).toBe(200);
    expect(await recomputed()).toEqual([]);
  });

  it("a like drops the liked video's page only (listing cards' counts trail by the lifetime)", async () => {
    await warm();
    const liked = await call('POST', `/api/v1/likes/video/${video._id}/toggle`, viewer);
    expect(liked.statusCode).toBe(200);
    expect(await recomputed()).toEqual(['video']);
  });

  it("a comment drops the video's comments and its page", async () => {
    await warm();
    const added = await call('POST', `/api/v1/comments/${video._id}`, viewer, {
      content: 'Nice one',
    });
    expect(added.statusCode).toBe(201);
    expect(await recomputed()).toEqual(['comments', 'video']);
  });

  it("a subscription drops both people's channel pages and the owner's video pages", async () => {
    await warm();
    const subscribed = await call('POST', `/api/v1/subscriptions/toggle/${owner.userId}`, viewer);
    expect(subscribed.statusCode).toBe(200);
    expect(await recomputed()).toEqual(['channel', 'otherVideo', 'video', 'viewerChannel']);
  });

  it("a tweet drops its author's tweets and channel", async () => {
    await warm();
    const posted = await call('POST', '/api/v1/tweets', owner, { content: 'Hello' });
    expect(posted.statusCode).toBe(201);
    expect(await recomputed()).toEqual(['channel', 'tweets']);
  });

  it('an edited title drops every answer that shows the video, and searches', async () => {
    await warm();
    const edited = await call('PATCH', `/api/v1/videos/${video._id}`, owner, {
      title: 'kept one, renamed',
    });
    expect(edited.statusCode).toBe(200);
    expect(await recomputed()).toEqual([
      'channelVideos',
      'comments',
      'home',
      'playlist',
      'search',
      'video',
    ]);
  });

  it("a new name drops every answer that shows the person, and searches, and nobody else's", async () => {
    await warm();
    const renamed = await call('PATCH', '/api/v1/users/update-details', viewer, {
      fullname: 'Someone Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    // The viewer's comment is on the video: its comments show the viewer's name. The new name
    // may match a search that lists channels.
    expect(await recomputed()).toEqual(['comments', 'search', 'viewerChannel']);
  });

  it('a new account drops the searches, which may now find its channel', async () => {
    await warm();
    const found = async () =>
      (await t.app.inject({ url: '/api/v1/search?query=kept' }))
        .json<{
          data: { channels: { username: string }[] };
        }>()
        .data.channels.map((c) => c.username);
    const newcomer = await registerUser(t.app, { username: `kept_${Date.now().toString(36)}` });
    expect(await recomputed()).toEqual(['search']);
    expect(await found()).toContain(newcomer.username);
  });

  it('refused writes drop nothing', async () => {
    await warm();
    const refused = [
      await call('PATCH', `/api/v1/videos/${video._id}`, viewer, { title: 'not mine' }),
      await call('POST', `/api/v1/likes/video/00000000-0000-4000-8000-000000000000/toggle`, viewer),
      await call('POST', `/api/v1/comments/${video._id}`, viewer, { content: '' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/tweets',
        headers: { authorization: 'Bearer stale.token.here' },
        payload: { content: 'x' },
      }),
    ];
    for (const res of refused) expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await recomputed()).toEqual([]);
  });

  it('a video taken back to a draft leaves every listing at once, and enters them again when published', async () => {
    await warm();
    await togglePublish(t.app, owner, third._id);
    expect(await recomputed()).toEqual(['channel', 'channelVideos', 'home', 'search']);
    const listed = async () =>
      (await t.app.inject({ url: '/api/v1/videos' }))
        .json<{ data: { videos: Video[] } }>()
        .data.videos.map((v) => v._id);
    expect(await listed()).not.toContain(third._id);

    await warm();
    await togglePublish(t.app, owner, third._id);
    expect(await recomputed()).toEqual(['channel', 'channelVideos', 'home', 'search']);
    expect(await listed()).toContain(third._id);
  });

  it("a playlist's change drops its page only", async () => {
    await warm();
    const added = await call('POST', `/api/v1/playlists/${playlistId}/videos/${other._id}`, owner);
    expect(added.statusCode).toBe(200);
    expect(await recomputed()).toEqual(['playlist']);
  });

  it("keeps each signed-in reader's own history and comments, and a playlist shared but with its owner", async () => {
    const own = async (url: string, user: RegisteredUser) => {
      const res = await t.app.inject({ url, headers: user.auth });
      expect(res.statusCode, url).toBe(200);
      return { kept: res.headers.age !== undefined, body: res.json<{ data: unknown }>().data };
    };
    const history = '/api/v1/users/watchHistory';
    const comments = `/api/v1/comments/${video._id}`;
    const playlist = `/api/v1/playlists/${playlistId}`;
    for (const url of [history, comments, playlist]) {
      await own(url, viewer);
      expect((await own(url, viewer)).kept, url).toBe(true);
      // Another person's answer is their own: computed for them, not the viewer's.
      expect((await own(url, owner)).kept, url).toBe(false);
    }
    // Someone else saving a position leaves the viewer's history kept; the viewer's own drops it.
    await call('PUT', `/api/v1/users/watchHistory/${video._id}`, owner, { positionSeconds: 4 });
    expect((await own(history, viewer)).kept).toBe(true);
    await call('PUT', `/api/v1/users/watchHistory/${other._id}`, viewer, { positionSeconds: 5 });
    const fresh = await own(history, viewer);
    expect(fresh.kept).toBe(false);
    expect((fresh.body as { _id: string }[]).map((e) => e._id)).toContain(other._id);
    // Liking a comment drops the comments of its video, for every reader.
    const listed = await own(comments, viewer);
    const [first] = (listed.body as { comments: { _id: string; isLiked: boolean }[] }).comments;
    await call('POST', `/api/v1/likes/comment/${first!._id}/toggle`, viewer);
    const after = await own(comments, viewer);
    expect(after.kept).toBe(false);
    expect(
      (after.body as { comments: { _id: string; isLiked: boolean }[] }).comments[0],
    ).toMatchObject({ _id: first!._id, isLiked: !first!.isLiked });
  });
});

describe("what drops a reader's kept notifications page", () => {
  it('a moderator hiding or restoring what an entry shows, and anything bringing one back', () => {
    const page = notificationsShown('reader', [
      {
        actor: { _id: 'actor' },
        video: { _id: 'video' },
        comment: { _id: 'comment' },
        tweet: null,
      },
      { actor: { _id: 'author' }, video: null, comment: null, tweet: { _id: 'tweet' } },
    ]);
    const drops = (tags: string[]) => tags.some((tag) => page.includes(tag));
    // Each change that could hide or bring back an entry of the page drops it.
    expect(
      drops(
        dropsOf['content.moderated']({
          ownerIds: ['someone'],
          videoIds: [],
          commentedVideoIds: ['video'],
          tweetIds: [],
        }),
      ),
    ).toBe(true);
    expect(page).toEqual(
      expect.arrayContaining([
        shows.notifications('reader'),
        shows.comments('video'),
        shows.video('video'),
        shows.tweet('tweet'),
        shows.person('actor'),
        shows.person('author'),
      ]),
    );
    for (const tags of [
      dropsOf['notifications.changed']({ userIds: ['reader'], unreadCount: 1 }),
      dropsOf['user.blocked']({ blockerId: 'reader', blockedId: 'x', conversationId: null }),
      dropsOf['user.unblocked']({ blockerId: 'x', blockedId: 'reader' }),
      dropsOf['comment.updated']({ commentId: 'c', videoId: 'elsewhere', authorId: 'a' }),
      dropsOf['video.published']({ videoId: 'v', ownerId: 'o', isPublished: false }),
      dropsOf['tweet.updated']({ tweetId: 'held', authorId: 'a' }),
      dropsOf['tweet.deleted']({ tweetId: 'tweet', authorId: 'author' }),
      dropsOf['account.deleted']({
        userId: 'actor',
        videoIds: [],
        tweetIds: [],
        playlistIds: [],
        likedVideoIds: [],
        commentedVideoIds: [],
        likedTweetIds: [],
        followedChannelIds: [],
        touchedPlaylistIds: [],
      }),
    ]) {
      expect(drops(tags), tags.join(' ')).toBe(true);
    }
    // Another person's entries leave it be.
    expect(drops(dropsOf['notifications.changed']({ userIds: ['other'], unreadCount: 1 }))).toBe(
      false,
    );
  });
});
