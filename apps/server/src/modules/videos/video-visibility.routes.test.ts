/**
 * The one visibility filter (`videosVisibleTo`) as the listings use it: a channel shows its
 * drafts to the owner and to staff, feeds (home, search) never offer a draft, liked videos and
 * channel counts follow the same rule.
 */
import type { Video } from '@kinora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectOk } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, uniqueSuffix, type RegisteredUser } from '../../../test/factories';
import { clip, createVideo, togglePublish } from '../../../test/media-factories';
import { grantUserRole } from '../users';

let t: TestApp;
let owner: RegisteredUser;
let other: RegisteredUser;
let moderator: RegisteredUser;
let published: Video;
let draft: Video;
/** A word only these two titles contain, to find them by search. */
const word = `vis${uniqueSuffix()}`;

beforeAll(async () => {
  t = await createTestApp();
  [owner, other, moderator] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
    clip(),
  ]);
  await grantUserRole({ username: moderator.username, role: 'moderator' }, t.database.db);
  published = await createVideo(t.app, owner, { title: `${word} published` });
  draft = await createVideo(t.app, owner, { title: `${word} draft` });
  await togglePublish(t.app, owner, draft._id);
});
afterAll(async () => {
  await t.close();
});

const idsOf = (page: { videos: Video[] }) => page.videos.map((v) => v._id).sort();

describe('the visibility filter in listings', () => {
  it('shows a channel’s drafts to its owner and to a moderator only, in its list and count', async () => {
    const both = [published._id, draft._id].sort();
    const seen: Record<string, unknown> = {};
    for (const [name, user] of Object.entries({ visitor: null, other, owner, moderator })) {
      const listing = await expectOk(t.app, 'listVideos', {
        query: { userId: owner.userId },
        as: user,
      });
      // A plain list (the spec's shape).
      const channelVideos = {
        videos: await expectOk(t.app, 'channelVideos', { params: { id: owner.userId }, as: user }),
      };
      const channel = await expectOk(t.app, 'getChannel', {
        params: { id: owner.userId },
        as: user,
      });
      seen[name] = {
        listing: idsOf(listing),
        total: listing.totalVideos,
        channelVideos: idsOf(channelVideos),
        channelCount: channel.stats.totalVideos,
        // Totals of views and likes stay the owner's alone.
        seesTotals: channel.stats.totalViews !== null,
      };
    }
    const publicView = {
      listing: [published._id],
      total: 1,
      channelVideos: [published._id],
      channelCount: 1,
      seesTotals: false,
    };
    const draftsView = { listing: both, total: 2, channelVideos: both, channelCount: 2 };
    expect(seen).toEqual({
      visitor: publicView,
      other: publicView,
      owner: { ...draftsView, seesTotals: true },
      moderator: { ...draftsView, seesTotals: false },
    });
  });

  it('never offers a draft in home or search, not even to its owner or a moderator', async () => {
    for (const user of [null, other, owner, moderator]) {
      const home = await expectOk(t.app, 'listVideos', { query: { limit: 100 }, as: user });
      expect(idsOf(home)).toContain(published._id);
      expect(idsOf(home)).not.toContain(draft._id);
      const text = await expectOk(t.app, 'listVideos', { query: { query: word }, as: user });
      expect(idsOf(text)).toEqual([published._id]);
      const search = await expectOk(t.app, 'search', { query: { query: word }, as: user });
      expect(idsOf(search)).toEqual([published._id]);
      expect(search.totalVideos).toBe(1);
    }
  });

  it('keeps a liked video that became a draft in the liker’s list only if they may see it', async () => {
    const video = await createVideo(t.app, owner, { title: 'Liked, then hidden' });
    for (const user of [owner, other]) {
      const res = await callApi(t.app, 'toggleVideoLike', { params: { id: video._id }, as: user });
      expect(res.statusCode, res.body).toBe(200);
    }
    await togglePublish(t.app, owner, video._id);
    const likedBy = async (user: RegisteredUser) =>
      (await expectOk(t.app, 'likedVideos', { params: { userId: user.userId }, as: user })).map(
        (v) => v._id,
      );
    expect(await likedBy(owner)).toContain(video._id);
    expect(await likedBy(other)).not.toContain(video._id);
    await togglePublish(t.app, owner, video._id);
    expect(await likedBy(other)).toContain(video._id);
  });
});
