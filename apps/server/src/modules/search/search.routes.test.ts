import type { QueryOf } from '@kinora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { searchWords, tweets, viewEvents } from '../../platform/db/schema';
import { queryRows } from '../../platform/db/client';
import { callApi } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { createVideo, togglePublish } from '../../../test/media-factories';
import { SearchRepository } from './search.repository';

let t: TestApp;
let creator: RegisteredUser;
let viewer: RegisteredUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  // What is found and in which order, read fresh each time: the answers kept for a few seconds
  // (shared by visitors and signed-in readers alike) are tested in anonymous-cache.test.ts.
  t = await createTestApp({ PUBLIC_CACHE_TTL: '0s' });
  creator = await registerUser(t.app, { username: 'lumiere_films', fullname: 'Lumière Films' });
  viewer = await registerUser(t.app);
  ids.title = (
    await createVideo(t.app, creator, {
      title: 'Aurora borealis timelapse',
      description: 'Night sky',
    })
  )._id;
  ids.description = (
    await createVideo(t.app, creator, {
      title: 'Norway trip',
      description: 'We filmed the aurora at night',
    })
  )._id;
  ids.other = (
    await createVideo(t.app, viewer, { title: 'Cooking pasta', description: 'Tomato sauce' })
  )._id;
  ids.draft = (
    await createVideo(t.app, creator, { title: 'Aurora secret draft', description: 'hidden' })
  )._id;
  await togglePublish(t.app, creator, ids.draft);
});
afterAll(async () => {
  await t.close();
});

const search = (
  query: string,
  extra: Omit<QueryOf<'search'>, 'query'> = {},
  as: RegisteredUser | null = null,
) => callApi(t.app, 'search', { query: { query, ...extra }, as });

describe('GET /search', () => {
  it('ranks a title match above a description match and never shows drafts', async () => {
    const res = await search('aurora');
    expect(res.statusCode).toBe(200);
    const found = res.data.videos.map((v: { _id: string }) => v._id);
    expect(found.slice(0, 2)).toEqual([ids.title, ids.description]);
    expect(found).not.toContain(ids.draft);
    expect(found).not.toContain(ids.other);
    // Not even for the owner: search lists published videos.
    const own = await search('aurora', {}, creator);
    expect(own.data.videos.map((v: { _id: string }) => v._id)).not.toContain(ids.draft);
  });

  it('finds a video despite a one-letter typo, and by a prefix', async () => {
    const typo = await search('timelaps');
    expect(typo.data.videos[0]!._id).toBe(ids.title);
    const typo2 = await search('aurrora');
    expect(typo2.data.videos.map((v: { _id: string }) => v._id)).toContain(ids.title);
    const prefix = await search('borea');
    expect(prefix.data.videos[0]!._id).toBe(ids.title);
  });

  it('corrects a word nobody used to the indexed words nearest to it', async () => {
    const first = async (query: string, extra: Omit<QueryOf<'search'>, 'query'> = {}) =>
      (await search(query, extra)).data;
    // Two letters swapped share few trigrams, yet find their word.
    expect((await first('boraelis')).videos[0]!._id).toBe(ids.title);
    expect((await first('borealis tiemlapse')).videos[0]!._id).toBe(ids.title);
    // A word of a description, and a channel's name.
    expect((await first('nigth')).videos.map((v) => v._id)).toEqual(
      expect.arrayContaining([ids.title, ids.description]),
    );
    expect((await first('lumeire', { type: 'channels' })).channels[0]!._id).toBe(creator.userId);
    // Nothing near: nothing found, rather than anything at all.
    expect(await first('zzqxv')).toMatchObject({ videos: [], channels: [] });
    // A draft's words may be indexed, but search still lists published videos only.
    expect((await first('secrte')).videos).toEqual([]);
  });

  it('learns the words of a renamed title', async () => {
    const video = await createVideo(t.app, viewer, { title: 'Cooking', description: 'Notes' });
    const renamed = await callApi(t.app, 'updateVideo', {
      params: { id: video._id },
      as: viewer,
      body: { title: 'Glacier crossing' },
    });
    expect(renamed.statusCode).toBe(200);
    const found = await search('glaicer');
    expect(found.data.videos.map((v: { _id: string }) => v._id)).toEqual([video._id]);
    const removed = await callApi(t.app, 'deleteVideo', { params: { id: video._id }, as: viewer });
    expect(removed.statusCode).toBe(200);
  });

  it('finds a channel by a prefix of its name, with subscriber count and full name, no email', async () => {
    const res = await search('lumi', { type: 'channels' });
    const channel = res.data.channels[0];
    expect(channel).toMatchObject({
      _id: creator.userId,
      username: 'lumiere_films',
      fullName: 'Lumière Films',
      subscribersCount: 0,
    });
    expect(JSON.stringify(res.json())).not.toContain('@example.test');
    expect(res.data.videos).toEqual([]);
    // A channel's name also finds its videos, below title matches.
    const byChannel = await search('lumiere', { type: 'videos' });
    expect(byChannel.data.videos.map((v: { _id: string }) => v._id)).toEqual(
      expect.arrayContaining([ids.title, ids.description]),
    );
  });

  it('treats user text as data: symbols work and find nothing strange', async () => {
    for (const q of ['(', '%', '_', "'; drop table videos; --", 'a & b | !c', '\\', ':*']) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(200);
    }
    expect((await search('%')).data).toMatchObject({ videos: [], channels: [] });
  });

  it('refuses a blank query and pages the results', async () => {
    expect((await search('   ')).statusCode).toBe(400);
    const first = await search('aurora', { limit: 1, page: 1 });
    const second = await search('aurora', { limit: 1, page: 2 });
    expect(first.data.videos).toHaveLength(1);
    expect(first.data.totalVideos).toBe(2);
    expect(second.data.videos[0]!._id).not.toBe(first.data.videos[0]!._id);
  });
});

describe('channels', () => {
  it('GET /channels/:id shows total views and likes only to the owner', async () => {
    const asVisitor = await callApi(t.app, 'getChannel', { params: { id: creator.userId } });
    expect(asVisitor.statusCode).toBe(200);
    expect(asVisitor.data.channel).toMatchObject({
      _id: creator.userId,
      username: 'lumiere_films',
    });
    expect(asVisitor.data.channel).not.toHaveProperty('email');
    expect(asVisitor.data.stats).toMatchObject({
      totalVideos: 2,
      totalViews: null,
      totalLikes: null,
    });
    const asOther = await callApi(t.app, 'getChannel', {
      params: { id: creator.userId },
      as: viewer,
    });
    expect(asOther.data.stats.totalViews).toBeNull();
    const asOwner = await callApi(t.app, 'getChannel', {
      params: { id: creator.userId },
      as: creator,
    });
    expect(asOwner.data.stats).toMatchObject({
      totalVideos: 3,
      totalViews: 0,
      totalLikes: 0,
    });
    const missing = await callApi(t.app, 'getChannel', { params: { id: crypto.randomUUID() } });
    expect(missing.statusCode).toBe(404);
  });

  it('GET /users/c/:name finds the channel by username', async () => {
    const res = await callApi(t.app, 'channelByName', { params: { name: 'LUMIERE_FILMS' } });
    expect(res.data.channel._id).toBe(creator.userId);
    expect(
      (await callApi(t.app, 'channelByName', { params: { name: 'nobody_here' } })).statusCode,
    ).toBe(404);
  });

  it('GET /channels/:id/videos lists published videos, drafts too for the owner', async () => {
    const visitor = await callApi(t.app, 'channelVideos', { params: { id: creator.userId } });
    // A plain list in data (the spec's client reads it so); the total is a header.
    expect(visitor.data).toHaveLength(2);
    expect(visitor.headers['x-total-count']).toBe('2');
    const owner = await callApi(t.app, 'channelVideos', {
      params: { id: creator.userId },
      as: creator,
    });
    expect(owner.data).toHaveLength(3);
    expect(owner.headers['x-total-count']).toBe('3');
    const paged = await callApi(t.app, 'channelVideos', {
      params: { id: creator.userId },
      query: { page: 2, limit: 2 },
      as: creator,
    });
    expect(paged.data).toHaveLength(1);
    expect(paged.headers['x-total-count']).toBe('3');
  });

  it('GET /users/my-stats answers the creator’s figures and 401 to a visitor', async () => {
    await callApi(t.app, 'toggleVideoLike', { params: { id: ids.title! }, as: viewer });
    await callApi(t.app, 'recordView', { params: { id: ids.title! }, as: viewer, body: {} });
    await callApi(t.app, 'toggleSubscription', {
      params: { channelId: creator.userId },
      as: viewer,
    });
    expect((await callApi(t.app, 'myStats')).statusCode).toBe(401);
    const res = await callApi(t.app, 'myStats', { as: creator });
    expect(res.data).toMatchObject({
      subscribersCount: 1,
      totalViews: 1,
      totalLikes: 1,
      videosCount: 3,
      tweetsCount: 0,
      subscriptionsCount: 0,
    });
  });

  it('GET /tweets/user/:id pages tweets with the caller’s likes', async () => {
    const [tweet] = await t.database.db
      .insert(tweets)
      .values([{ ownerId: creator.userId, content: 'First light tonight' }])
      .returning({ id: tweets.id });
    await callApi(t.app, 'toggleTweetLike', { params: { id: tweet!.id }, as: viewer });
    const res = await callApi(t.app, 'userTweets', {
      params: { id: creator.userId },
      query: { page: 1, limit: 10 },
      as: viewer,
    });
    expect(res.data.tweets[0]).toMatchObject({
      content: 'First light tonight',
      likesCount: 1,
      isLiked: true,
      owner: { username: 'lumiere_films' },
    });
    const visitor = await callApi(t.app, 'userTweets', { params: { id: creator.userId } });
    expect(visitor.data.tweets[0]!.isLiked).toBe(false);
  });
});

describe('trending order', () => {
  it('sorts by views of the last 7 days, newest first on ties', async () => {
    const res = await callApi(t.app, 'listVideos', { query: { sortBy: 'trending', limit: 12 } });
    expect(res.statusCode).toBe(200);
    const order = res.data.videos.map((v: { _id: string }) => v._id);
    expect(order[0]).toBe(ids.title); // the only one viewed
    // The rest by creation time, newest first: other was created after description.
    expect(order.slice(1)).toEqual([ids.other, ids.description]);
  });

  it('counts a view at once, and lets views older than 7 days go when the refresh job runs', async () => {
    const trending = async () =>
      (
        await callApi(t.app, 'listVideos', { query: { sortBy: 'trending', limit: 12 }, as: viewer })
      ).data.videos.map((v) => v._id);
    await t.database.db
      .update(viewEvents)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(viewEvents.videoId, ids.title!));
    expect((await trending())[0]).toBe(ids.title); // until the job runs
    expect(await t.services.videos.refreshTrending()).toBe(1);
    expect(await trending()).toEqual([ids.other, ids.description, ids.title]);

    const view = await callApi(t.app, 'recordView', {
      params: { id: ids.description! },
      as: viewer,
      body: {},
    });
    expect(view.statusCode).toBe(200);
    expect(await trending()).toEqual([ids.description, ids.other, ids.title]);
    expect(await t.services.videos.refreshTrending()).toBe(0); // already right
  });
});

describe('the lexicon of corrections', () => {
  /** How many rows use the word, as the triggers keep it; 0 when it is not there. */
  const usesOf = async (word: string) => {
    const rows = await t.database.db
      .select({ uses: searchWords.uses })
      .from(searchWords)
      .where(eq(searchWords.word, word));
    return rows[0]?.uses ?? 0;
  };
  /** The corrections the search would offer for a typed word. */
  const correctionsOf = async (typed: string) =>
    (await new SearchRepository(t.database.db).lookUpWords([typed]))[0]!.near;
  const found = async (query: string) => (await search(query)).data.videos.map((v) => v._id);

  it('offers a word of a video only while it is published, and forgets it after delete', async () => {
    const video = await createVideo(t.app, creator, {
      title: 'Quokkaphant parade',
      description: 'Zebrafinchery notes',
    });
    expect(await usesOf('quokkaphant')).toBe(1);
    expect(await usesOf('zebrafinchery')).toBe(1);

    await togglePublish(t.app, creator, video._id);
    expect(await usesOf('quokkaphant')).toBe(0);
    expect(await usesOf('zebrafinchery')).toBe(0);
    expect(await correctionsOf('quokaphant')).not.toContain('quokkaphant');
    // Not offered, not even to the owner, and not known as a prefix either.
    expect((await new SearchRepository(t.database.db).lookUpWords(['quokk']))[0]!.known).toBe(
      false,
    );
    // A draft renamed keeps its new words out too.
    const renamed = await callApi(t.app, 'updateVideo', {
      params: { id: video._id },
      as: creator,
      body: { title: 'Quokkaphant parade redux' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await usesOf('redux')).toBe(0);

    await togglePublish(t.app, creator, video._id);
    expect(await usesOf('quokkaphant')).toBe(1);
    expect(await usesOf('redux')).toBe(1);
    expect(await correctionsOf('quokaphant')).toContain('quokkaphant');
    expect(await found('quokaphant')).toEqual([video._id]);

    await togglePublish(t.app, creator, video._id);
    expect(await correctionsOf('quokaphant')).not.toContain('quokkaphant');
    await togglePublish(t.app, creator, video._id);

    const removed = await callApi(t.app, 'deleteVideo', { params: { id: video._id }, as: creator });
    expect(removed.statusCode).toBe(200);
    expect(await usesOf('quokkaphant')).toBe(0);
    expect(await usesOf('zebrafinchery')).toBe(0);
    expect(await correctionsOf('quokaphant')).not.toContain('quokkaphant');
  });

  it('counts each use, so a word stays while another published video or a channel uses it', async () => {
    const first = await createVideo(t.app, creator, { title: 'Marmoset dance', description: 'x' });
    const second = await createVideo(t.app, viewer, { title: 'Marmoset song', description: 'y' });
    expect(await usesOf('marmoset')).toBe(2);
    await togglePublish(t.app, creator, first._id);
    expect(await usesOf('marmoset')).toBe(1);
    expect(await usesOf('dance')).toBe(0);
    const renamed = await callApi(t.app, 'updateVideo', {
      params: { id: second._id },
      as: viewer,
      body: { title: 'Lemur song' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await usesOf('marmoset')).toBe(0);
    expect(await usesOf('lemur')).toBe(1);
    // A channel's name is public: it is counted too.
    expect(await usesOf('films')).toBe(1);
    // The lexicon equals what the published videos and channels hold, word for word.
    const recount = await queryRows<{ word: string; uses: number }>(
      t.database.db,
      sql`
      select w as word, count(*)::int as uses from (
        select w from videos, search_words_of(search_vector) as w where is_published
        union all
        select w from users, search_words_of(search_vector) as w
      ) used group by w order by w`,
    );
    const kept = await t.database.db
      .select({ word: searchWords.word, uses: searchWords.uses })
      .from(searchWords)
      .orderBy(searchWords.word);
    expect(kept).toEqual(recount);
  });
});
