// A playlist's kept page lives as long as a person's kept answers, and every change to what it
// shows drops it at once (decision 0064): its fields and order, its items, a video in it made
// private or public again, a video past the page leaving sight, its own visibility.
import type { Playlist, Video } from '@kinora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createVideo, togglePublish } from '../../../test/media-factories';
import { presentPlaylist } from './playlists.presenter';

let t: TestApp;
let owner: RegisteredUser;
let reader: RegisteredUser;

beforeAll(async () => {
  // Public answers live a second, a person's own (and now a playlist's) a minute.
  t = await createTestApp({ PUBLIC_CACHE_TTL: '1s', PERSONAL_CACHE_TTL: '60s' });
  [owner, reader] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
});
afterAll(() => t?.close());

type Answer = { statusCode: number; kept: boolean; data: Playlist | null };

/** A read of the page, as a visitor or as `user`: whether it came from memory, and its data. */
const read = async (url: string, user: RegisteredUser | null = null): Promise<Answer> => {
  const res = await t.app.inject({ url, ...(user ? { headers: user.auth } : {}) });
  return {
    statusCode: res.statusCode,
    kept: res.headers.age !== undefined,
    data: res.statusCode === 200 ? res.json<{ data: Playlist }>().data : null,
  };
};

/** Reads until the page is kept, and answers its data. */
const warm = async (url: string): Promise<Playlist> => {
  await read(url);
  const again = await read(url);
  expect(again.kept, `${url} kept`).toBe(true);
  return again.data!;
};

const call = async (
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<void> => {
  const res = await t.app.inject({
    method,
    url,
    headers: owner.auth,
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
};

const idsOf = (playlist: Playlist) => playlist.videos.map((v) => v._id);

describe('a kept playlist page (decision 0064)', () => {
  let videos: Video[];
  let playlistId: string;
  let url: string;

  beforeAll(async () => {
    videos = [];
    for (const title of ['first', 'second', 'third', 'fourth']) {
      videos.push(await createVideo(t.app, owner, { title: `Listed ${title}` }));
    }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: owner.auth,
      payload: { name: 'Kept list' },
    });
    playlistId = created.json<{ data: { _id: string } }>().data._id;
    url = `/api/v1/playlists/${playlistId}`;
    for (const video of videos.slice(0, 3)) {
      await call('POST', `${url}/videos/${video._id}`);
    }
  });

  it('outlives the public answers, a visitor and a signed-in reader served from memory', async () => {
    const home = '/api/v1/videos';
    await warm(home);
    const before = await warm(url);
    expect(idsOf(before)).toEqual(videos.slice(0, 3).map((v) => v._id));
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    // Home's second is over; the playlist's page is still the kept one, for both.
    expect((await read(home)).kept).toBe(false);
    const visitor = await read(url);
    const signedIn = await read(url, reader);
    expect([visitor.kept, signedIn.kept]).toEqual([true, true]);
    expect(signedIn.data).toEqual(before);
  });

  it('shows its new name, an added, a moved and a removed video at once', async () => {
    await warm(url);
    await call('PUT', url, { name: 'Kept list, renamed' });
    let now = await read(url, reader);
    expect([now.kept, now.data!.name]).toEqual([false, 'Kept list, renamed']);

    await warm(url);
    await call('POST', `${url}/videos/${videos[3]!._id}`);
    now = await read(url);
    expect([now.kept, idsOf(now.data!), now.data!.videoCount]).toEqual([
      false,
      videos.map((v) => v._id),
      4,
    ]);

    await warm(url);
    await call('PATCH', `${url}/videos/${videos[3]!._id}`, { position: 0 });
    now = await read(url, reader);
    expect(idsOf(now.data!)).toEqual([videos[3], ...videos.slice(0, 3)].map((v) => v!._id));

    await warm(url);
    await call('DELETE', `${url}/videos/${videos[3]!._id}`);
    now = await read(url);
    expect([now.kept, idsOf(now.data!), now.data!.videoCount]).toEqual([
      false,
      videos.slice(0, 3).map((v) => v._id),
      3,
    ]);
  });

  it('leaves out a video made private at once, and shows it again at once when published', async () => {
    const [a, b, c] = videos.map((v) => v._id);
    await warm(url);
    await togglePublish(t.app, owner, b!);
    let now = await read(url);
    expect([now.kept, idsOf(now.data!), now.data!.videoCount]).toEqual([false, [a, c], 2]);
    expect(idsOf((await read(url, reader)).data!)).toEqual([a, c]);

    // Kept without it: nothing it shows names it, but it names what it holds unseen.
    await warm(url);
    await togglePublish(t.app, owner, b!);
    now = await read(url);
    expect([now.kept, idsOf(now.data!), now.data!.videoCount]).toEqual([false, [a, b, c], 3]);
  });

  it('counts at once a video past its page leaving sight and coming back', async () => {
    const [a, b, c] = videos.map((v) => v._id);
    const page = `${url}?limit=1`;
    const before = await warm(page);
    expect([idsOf(before), before.videoCount, before.hasMoreVideos]).toEqual([[a], 3, true]);
    await togglePublish(t.app, owner, c!);
    let now = await read(page);
    expect([now.kept, idsOf(now.data!), now.data!.videoCount]).toEqual([false, [a], 2]);
    await warm(page);
    await togglePublish(t.app, owner, c!);
    now = await read(page);
    expect([now.kept, now.data!.videoCount]).toEqual([false, 3]);

    // A page after the first counts the videos before it too.
    const after = `${url}?after=0&limit=1`;
    expect(idsOf(await warm(after))).toEqual([b]);
    await togglePublish(t.app, owner, a!);
    now = await read(after);
    expect([now.kept, idsOf(now.data!), now.data!.videoCount]).toEqual([false, [b], 2]);
    await togglePublish(t.app, owner, a!);
  });

  it('is written from the videos’ cards with the values the records’ path gives', async () => {
    const [, b] = videos.map((v) => v._id);
    // A draft in it: its owner's page holds it, a visitor's does not.
    await togglePublish(t.app, owner, b!);
    try {
      for (const [user, viewer] of [
        [null, null],
        [owner, { userId: owner.userId, role: 'user' as const }],
      ] as const) {
        for (const query of ['', '?limit=2', '?after=0&limit=1']) {
          const sent = (await read(`${url}${query}`, user)).data;
          const params = new URLSearchParams(query);
          const records = presentPlaylist(
            await t.services.playlists.getPlaylist({
              playlistId,
              viewer,
              ...(params.has('after') ? { after: Number(params.get('after')) } : {}),
              ...(params.has('limit') ? { limit: Number(params.get('limit')) } : {}),
            }),
            t.storage,
          );
          expect(sent, `${user ? 'owner' : 'visitor'} ${query}`).toEqual(
            JSON.parse(JSON.stringify(records)),
          );
        }
      }
    } finally {
      await togglePublish(t.app, owner, b!);
    }
  });

  it('is gone at once for others when made private, and back when made public', async () => {
    await warm(url);
    await call('PUT', url, { visibility: 'private' });
    expect((await read(url)).statusCode).toBe(404);
    expect((await read(url, reader)).statusCode).toBe(404);
    await call('PUT', url, { visibility: 'public' });
    const now = await read(url, reader);
    expect([now.statusCode, now.data!.visibility]).toEqual([200, 'public']);
  });
});
