/**
 * Privacy levels (decision 0039) in every listing and read, for a visitor, another user, the
 * owner and a moderator: public videos are listed, unlisted ones play by their link and show in
 * the lists a person keeps (a playlist, their likes and history) but in no feed, private ones are
 * the owner's and staff's. Then scheduled publishing, kept answers after a change, bad input.
 */
import type { Video, VideoVisibility } from '@kinora/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../platform/db/schema';
import { callApi, expectOk, malformed } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, uniqueSuffix, type RegisteredUser } from '../../../test/factories';
import { clip, eventually, setVisibility, uploadAsset } from '../../../test/media-factories';
import { grantUserRole } from '../users';

let t: TestApp;
let owner: RegisteredUser;
let other: RegisteredUser;
let moderator: RegisteredUser;
/** One video of the owner's at each level, made at that level by `createVideo`. */
const made = {} as Record<VideoVisibility, Video>;
let playlistId: string;
/** A word only these videos' titles contain, to find them by search. */
const word = `priv${uniqueSuffix()}`;

async function newVideo(
  user: RegisteredUser,
  title: string,
  level: { visibility?: VideoVisibility; publishAt?: string } = {},
) {
  const asset = await uploadAsset(t.app, user, 'video');
  return expectOk(t.app, 'createVideo', {
    as: user,
    body: { title, description: 'About privacy', videoPublicId: asset.public_id, ...level },
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { workers: true });
  [owner, other, moderator] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
    clip(),
  ]);
  await grantUserRole({ username: moderator.username, role: 'moderator' }, t.database.db);
  for (const follower of [other, moderator]) {
    await expectOk(t.app, 'toggleSubscription', {
      params: { channelId: owner.userId },
      as: follower,
    });
  }
  for (const visibility of ['public', 'unlisted', 'private'] as const) {
    made[visibility] = await newVideo(owner, `${word} ${visibility}`, { visibility });
  }
  const playlist = await expectOk(t.app, 'createPlaylist', {
    as: owner,
    body: { name: 'Everything', description: '', visibility: 'public' },
  });
  playlistId = playlist._id;
  for (const video of Object.values(made)) {
    await expectOk(t.app, 'addPlaylistVideo', {
      params: { playlistId, videoId: video._id },
      as: owner,
    });
  }
  // Another person who has the unlisted link watches and likes it, and the public one.
  for (const video of [made.public, made.unlisted]) {
    await expectOk(t.app, 'toggleVideoLike', { params: { id: video._id }, as: other });
    await expectOk(t.app, 'recordView', { params: { id: video._id }, as: other, body: {} });
  }
});
afterAll(async () => {
  await t.close();
});

type Caller = 'visitor' | 'other' | 'owner' | 'moderator';
const callers = (): Record<Caller, RegisteredUser | null> => ({
  visitor: null,
  other,
  owner,
  moderator,
});

/** Which of the three videos an answer holds, as `public unlisted private`. */
function levelsIn(ids: string[]): string {
  return (['public', 'unlisted', 'private'] as const)
    .filter((level) => ids.includes(made[level]._id))
    .join(' ');
}

const ids = (list: { _id: string }[]) => list.map((v) => v._id);

describe('privacy levels in every listing', () => {
  const listings: Record<string, (as: RegisteredUser | null) => Promise<string[] | null>> = {
    home: async (as) => ids((await expectOk(t.app, 'listVideos', { as, query: {} })).videos),
    trending: async (as) =>
      ids((await expectOk(t.app, 'listVideos', { as, query: { sortBy: 'trending' } })).videos),
    'videos of the channel': async (as) =>
      ids((await expectOk(t.app, 'listVideos', { as, query: { userId: owner.userId } })).videos),
    'channel page': async (as) =>
      ids(await expectOk(t.app, 'channelVideos', { as, params: { id: owner.userId } })),
    search: async (as) =>
      ids((await expectOk(t.app, 'search', { as, query: { query: word } })).videos),
    'list filtered by text': async (as) =>
      ids((await expectOk(t.app, 'listVideos', { as, query: { query: word } })).videos),
    'subscriptions feed': async (as) =>
      as ? ids((await expectOk(t.app, 'subscriptionFeed', { as, query: {} })).videos) : null,
    'new-video notifications': async (as) =>
      as
        ? (await expectOk(t.app, 'listNotifications', { as, query: {} })).notifications.flatMap(
            (n) => (n.kind === 'new_video' && n.video ? [n.video._id] : []),
          )
        : null,
    "the owner's playlist": async (as) =>
      ids((await expectOk(t.app, 'getPlaylist', { as, params: { playlistId } })).videos),
    "another's liked videos (their own list)": async (as) =>
      as === other
        ? ids(await expectOk(t.app, 'likedVideos', { as, params: { userId: other.userId } }))
        : null,
    "another's history (their own list)": async (as) =>
      as === other ? ids(await expectOk(t.app, 'watchHistory', { as, query: {} })) : null,
  };

  it('lists public videos to all, unlisted and private ones only to the owner and staff', async () => {
    // The new-video entries come from a job: wait for the public one's.
    await eventually(
      async () => {
        const page = await expectOk(t.app, 'listNotifications', { as: other, query: {} });
        return page.notifications.some((n) => n.kind === 'new_video') || undefined;
      },
      { what: 'the new-video notification' },
    );
    const seen: Record<string, Record<string, string>> = {};
    for (const [name, list] of Object.entries(listings)) {
      seen[name] = {};
      for (const [caller, user] of Object.entries(callers())) {
        const found = await list(user);
        if (found !== null) seen[name][caller] = levelsIn(found);
      }
    }
    const feed = { visitor: 'public', other: 'public', owner: 'public', moderator: 'public' };
    const ownersView = {
      visitor: 'public',
      other: 'public',
      owner: 'public unlisted private',
      moderator: 'public unlisted private',
    };
    expect(seen).toEqual({
      home: feed,
      trending: feed,
      'videos of the channel': ownersView,
      'channel page': ownersView,
      search: feed,
      'list filtered by text': feed,
      'subscriptions feed': { other: 'public', owner: '', moderator: 'public' },
      'new-video notifications': { other: 'public', owner: '', moderator: 'public' },
      // As on YouTube, a playlist plays the unlisted videos put in it.
      "the owner's playlist": {
        visitor: 'public unlisted',
        other: 'public unlisted',
        owner: 'public unlisted private',
        moderator: 'public unlisted private',
      },
      "another's liked videos (their own list)": { other: 'public unlisted' },
      "another's history (their own list)": { other: 'public unlisted' },
    });
  });

  it('plays an unlisted video by its link, with its comments, for anyone; a private one for owner and staff', async () => {
    const statuses: Record<string, string> = {};
    for (const [caller, user] of Object.entries(callers())) {
      const row: string[] = [];
      for (const level of ['public', 'unlisted', 'private'] as const) {
        const video = await callApi(t.app, 'getVideo', {
          as: user,
          params: { id: made[level]._id },
        });
        const comments = await callApi(t.app, 'listComments', {
          as: user,
          params: { videoId: made[level]._id },
          query: {},
        });
        row.push(`${level} ${video.statusCode}/${comments.statusCode}`);
      }
      statuses[caller] = row.join(', ');
    }
    expect(statuses).toEqual({
      visitor: 'public 200/200, unlisted 200/200, private 404/404',
      other: 'public 200/200, unlisted 200/200, private 404/404',
      owner: 'public 200/200, unlisted 200/200, private 200/200',
      moderator: 'public 200/200, unlisted 200/200, private 200/200',
    });
    const unlisted = await expectOk(t.app, 'getVideo', { params: { id: made.unlisted._id } });
    expect(unlisted).toMatchObject({ isPublished: false, visibility: 'unlisted', publishAt: null });
  });

  it('gives an oEmbed card for public and unlisted videos only', async () => {
    const statusOf = async (video: Video) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/oembed',
          query: { url: `${t.config.publicUrl}/video/${video._id}` },
        })
      ).statusCode;
    expect([
      await statusOf(made.public),
      await statusOf(made.unlisted),
      await statusOf(made.private),
    ]).toEqual([200, 200, 404]);
  });
});

describe('changing the level', () => {
  it('drops the kept answers that showed the video, at once', async () => {
    const video = await newVideo(owner, `${word} moving`);
    const home = async () =>
      ids((await expectOk(t.app, 'listVideos', { query: { sortBy: 'createdAt' } })).videos);
    // Read twice as a visitor: the second answer is a kept one.
    await home();
    expect(await home()).toContain(video._id);
    await expectOk(t.app, 'getVideo', { params: { id: video._id } });
    await setVisibility(t.app, owner, video._id, 'unlisted');
    expect(await home()).not.toContain(video._id);
    expect((await expectOk(t.app, 'getVideo', { params: { id: video._id } })).visibility).toBe(
      'unlisted',
    );
    await setVisibility(t.app, owner, video._id, 'private');
    expect((await callApi(t.app, 'getVideo', { params: { id: video._id } })).statusCode).toBe(404);
    await setVisibility(t.app, owner, video._id, 'public');
    expect(await home()).toContain(video._id);
  });

  it('keeps the spec’s toggle: public becomes private, anything else public with no schedule', async () => {
    const video = await newVideo(owner, `${word} toggled`, {
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(video).toMatchObject({ visibility: 'private', isPublished: false });
    expect(video.publishAt).not.toBeNull();
    const toggled = await expectOk(t.app, 'togglePublish', {
      params: { id: video._id },
      as: owner,
    });
    expect(toggled).toMatchObject({ visibility: 'public', isPublished: true, publishAt: null });
    const back = await expectOk(t.app, 'togglePublish', { params: { id: video._id }, as: owner });
    expect(back).toMatchObject({ visibility: 'private', isPublished: false });
  });
});

describe('scheduled publishing', () => {
  it('publishes a scheduled video when its time comes, and tells the followers then', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const video = await newVideo(owner, `${word} scheduled`);
    const scheduled = await setVisibility(t.app, owner, video._id, 'private', at);
    expect(scheduled).toMatchObject({ visibility: 'private', publishAt: at });
    expect(await t.services.videos.publishScheduled()).toBe(0);
    // An unlisted video scheduled meanwhile is not the job's any more.
    const other2 = await newVideo(owner, `${word} unscheduled`);
    await setVisibility(t.app, owner, other2._id, 'private', at);
    await setVisibility(t.app, owner, other2._id, 'unlisted');
    // Its time comes (moved back an hour, as the clock would).
    await t.database.db
      .update(videos)
      .set({ publishAt: sql`now() - interval '1 second'` })
      .where(eq(videos.id, video._id));
    expect(await t.services.videos.publishScheduled()).toBe(1);
    const now = await expectOk(t.app, 'getVideo', { params: { id: video._id } });
    expect(now).toMatchObject({ visibility: 'public', isPublished: true, publishAt: null });
    expect((await expectOk(t.app, 'getVideo', { params: { id: other2._id } })).visibility).toBe(
      'unlisted',
    );
    const home = await expectOk(t.app, 'listVideos', { query: {} });
    expect(ids(home.videos)).toContain(video._id);
    await eventually(
      async () => {
        const page = await expectOk(t.app, 'listNotifications', { as: other, query: {} });
        return page.notifications.some((n) => n.video?._id === video._id) || undefined;
      },
      { what: 'the follower told of the scheduled video' },
    );
    // Run again: nothing more to do.
    expect(await t.services.videos.publishScheduled()).toBe(0);
  });
});

describe('bad input', () => {
  const past = () => new Date(Date.now() - 60_000).toISOString();

  it('refuses a schedule in the past, a level that is not one, a schedule with a public level, with 400 and nothing written', async () => {
    const video = await newVideo(owner, `${word} refused`);
    const attempts = [
      { visibility: 'private', publishAt: past() },
      { visibility: 'secret' },
      { visibility: 'public', publishAt: new Date(Date.now() + 60_000).toISOString() },
      { visibility: 'private', publishAt: 'tomorrow at noon' },
      {},
    ];
    const answers = [];
    for (const body of attempts) {
      const res = await callApi(t.app, 'setVideoVisibility', {
        as: owner,
        params: { id: video._id },
        body: malformed(body),
      });
      answers.push({ status: res.statusCode, success: res.body.includes('"success":false') });
    }
    expect(answers).toEqual(attempts.map(() => ({ status: 400, success: true })));
    const pastOne = await callApi(t.app, 'setVideoVisibility', {
      as: owner,
      params: { id: video._id },
      body: { visibility: 'private', publishAt: past() },
    });
    expect(pastOne.body).toContain('The scheduled date is in the past');
    expect(pastOne.body).toContain('publishAt');
    const [row] = await t.database.db
      .select({ isPublished: videos.isPublished, publishAt: videos.publishAt })
      .from(videos)
      .where(eq(videos.id, video._id));
    expect(row).toEqual({ isPublished: true, publishAt: null });
  });

  it('refuses a past schedule on upload, and makes no video', async () => {
    const asset = await uploadAsset(t.app, owner, 'video');
    const before = (
      await expectOk(t.app, 'listVideos', { as: owner, query: { userId: owner.userId } })
    ).totalVideos;
    const res = await callApi(t.app, 'createVideo', {
      as: owner,
      body: {
        title: `${word} too late`,
        description: 'Scheduled too late',
        videoPublicId: asset.public_id,
        publishAt: past(),
      },
    });
    expect(res.statusCode).toBe(400);
    const after = (
      await expectOk(t.app, 'listVideos', { as: owner, query: { userId: owner.userId } })
    ).totalVideos;
    expect(after).toBe(before);
  });
});
