import { randomUUID } from 'node:crypto';
import type { BodyOf, Playlist, QueryOf } from '@kinora/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistItems, playlists, users, videos, watchHistory } from '../../platform/db/schema';
import { callApi, expectOk, malformed } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { clip, createVideo } from '../../../test/media-factories';

let t: TestApp;
/** Owner of the playlists. */
let olga: RegisteredUser;
let bob: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [olga, bob] = await Promise.all([registerUser(t.app), registerUser(t.app), clip()]);
});
afterAll(async () => {
  await t.close();
});

const create = (user: RegisteredUser, body: Partial<BodyOf<'createPlaylist'>> = {}) =>
  expectOk(t.app, 'createPlaylist', { as: user, body: { name: 'Mix', description: '', ...body } });

/**
 * Videos written straight into the database (the media pipeline is not what these tests are
 * about): published unless asked, owned by `owner`, titled `${prefix} 0..n-1`.
 */
async function insertVideos(
  owner: RegisteredUser,
  n: number,
  options: { isPublished?: boolean; prefix?: string } = {},
): Promise<string[]> {
  const rows = await t.database.db
    .insert(videos)
    .values(
      Array.from({ length: n }, (_, i) => ({
        ownerId: owner.userId,
        title: `${options.prefix ?? 'Video'} ${i}`,
        description: 'Inserted by a test',
        durationSeconds: 60,
        isPublished: options.isPublished ?? true,
      })),
    )
    .returning({ id: videos.id });
  return rows.map((r) => r.id);
}

/** Every item of a playlist in order, hidden ones included, straight from the table. */
const rowsOf = (playlistId: string) =>
  t.database.db
    .select({ videoId: playlistItems.videoId, position: playlistItems.position })
    .from(playlistItems)
    .where(eq(playlistItems.playlistId, playlistId))
    .orderBy(asc(playlistItems.position));

/** The positions are 0..n-1 and the videos are these, in this order. */
async function expectOrder(playlistId: string, videoIds: string[]) {
  expect(await rowsOf(playlistId)).toEqual(
    videoIds.map((videoId, position) => ({ videoId, position })),
  );
}

const add = (user: RegisteredUser, playlistId: string, videoId: string) =>
  callApi(t.app, 'addPlaylistVideo', { params: { playlistId, videoId }, as: user });

describe('POST /playlists', () => {
  it('creates a playlist answering the whole of it, owner as a plain id, public by default', async () => {
    const res = await callApi(t.app, 'createPlaylist', {
      as: olga,
      body: { name: '  Road trip  ', description: '' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const playlist = res.data;
    expect(playlist).toMatchObject({
      name: 'Road trip',
      description: '',
      owner: olga.userId,
      visibility: 'public',
      kind: 'custom',
      videos: [],
      hasMoreVideos: false,
      videoCount: 0,
    });
    expect(typeof playlist._id).toBe('string');
    expect(Date.parse(playlist.createdAt)).not.toBeNaN();
    expect(Date.parse(playlist.updatedAt)).not.toBeNaN();
    // The description may be left out altogether, and visibility chosen.
    const unlisted = await expectOk(t.app, 'createPlaylist', {
      as: olga,
      body: {
        name: 'Secret-ish',
        visibility: 'unlisted',
      },
    });
    expect(unlisted).toMatchObject({ description: '', visibility: 'unlisted' });
  });

  it('refuses a visitor (401) and bad fields (400 naming them), writing nothing', async () => {
    expect(
      (await callApi(t.app, 'createPlaylist', { body: { name: 'x', description: '' } })).statusCode,
    ).toBe(401);
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(playlists);
    for (const [payload, field] of [
      [{ name: '', description: '' }, 'name'],
      [{ name: '   ', description: '' }, 'name'],
      [{ description: 'no name' }, 'name'],
      [{ name: 'x'.repeat(51), description: '' }, 'name'],
      [{ name: 'ok', description: 'd'.repeat(201) }, 'description'],
      [{ name: 'ok', description: '', visibility: 'friends' }, 'visibility'],
    ] as const) {
      const res = await callApi(t.app, 'createPlaylist', { as: bob, body: malformed(payload) });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.error.code).toBe('VALIDATION_FAILED');
      expect(res.error.errors!.map((e) => e.field)).toContain(field);
    }
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(playlists);
    expect(after).toEqual(before);
    // The limits themselves are allowed.
    await create(bob, { name: 'n'.repeat(50), description: 'd'.repeat(200) });
  });
});

describe('GET /playlists/:id and /playlists/user/:userId', () => {
  it('shows public and unlisted playlists to anyone with the id, a private one only to its owner', async () => {
    const [video] = await insertVideos(olga, 1);
    const made = {
      public: await create(olga, { visibility: 'public' }),
      unlisted: await create(olga, { visibility: 'unlisted' }),
      private: await create(olga, { visibility: 'private' }),
    };
    for (const p of Object.values(made)) await add(olga, p._id, video!);
    for (const reader of [null, bob, olga]) {
      for (const visibility of ['public', 'unlisted'] as const) {
        const res = await callApi(t.app, 'getPlaylist', {
          params: { playlistId: made[visibility]._id },
          as: reader,
        });
        expect(res.statusCode).toBe(200);
        expect(res.data).toMatchObject({ visibility, videoCount: 1 });
      }
    }
    for (const reader of [null, bob]) {
      const res = await callApi(t.app, 'getPlaylist', {
        params: { playlistId: made.private._id },
        as: reader,
      });
      expect(res.statusCode).toBe(404);
      expect(res.message).toBe('Playlist not found');
    }
    expect(
      (await callApi(t.app, 'getPlaylist', { params: { playlistId: made.private._id }, as: olga }))
        .statusCode,
    ).toBe(200);
    expect(
      (await callApi(t.app, 'getPlaylist', { params: { playlistId: randomUUID() }, as: olga }))
        .statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, 'getPlaylist', { params: { playlistId: 'not-an-id' }, as: olga }))
        .statusCode,
    ).toBe(400);
  });

  it('lists a user’s playlists as a plain array: all to the owner (Watch later first), public ones to others', async () => {
    const carol = await registerUser(t.app);
    const ids = await insertVideos(carol, 6);
    const older = await create(carol, { name: 'Older', visibility: 'public' });
    for (const id of ids) await add(carol, older._id, id);
    const unlisted = await create(carol, { name: 'Unlisted', visibility: 'unlisted' });
    const hidden = await create(carol, { name: 'Hidden', visibility: 'private' });
    const newer = await create(carol, { name: 'Newer', visibility: 'public' });

    const own = (
      await callApi(t.app, 'userPlaylists', { params: { userId: carol.userId }, as: carol })
    ).data;
    expect(own.map((p: Playlist) => p.name)).toEqual([
      'Watch later',
      'Newer',
      'Hidden',
      'Unlisted',
      'Older',
    ]);
    expect(own[0]).toMatchObject({
      kind: 'watch_later',
      visibility: 'private',
      owner: carol.userId,
    });
    // A card gets the first 4 videos in order, and the count of all.
    const card = own.find((p) => p._id === older._id)!;
    expect(card.videos.map((v: { _id: string }) => v._id)).toEqual(ids.slice(0, 4));
    expect(card).toMatchObject({ videoCount: 6, hasMoreVideos: true });

    for (const reader of [null, bob]) {
      const res = await callApi(t.app, 'userPlaylists', {
        params: { userId: carol.userId },
        as: reader,
      });
      expect(res.statusCode).toBe(200);
      const names = res.data.map((p: Playlist) => p.name);
      expect(names).toEqual(['Newer', 'Older']);
    }
    expect([unlisted._id, hidden._id]).not.toContain(newer._id);
    expect(
      (await callApi(t.app, 'userPlaylists', { params: { userId: randomUUID() } })).data,
    ).toEqual([]);
  });

  it('pages a user’s playlists with page and limit, the total in X-Total-Count, 100 by default', async () => {
    const dana = await registerUser(t.app);
    // 103 playlists written straight into the table, a second apart: newest is "P 102".
    await t.database.db.insert(playlists).values(
      Array.from({ length: 103 }, (_, i) => ({
        ownerId: dana.userId,
        name: `P ${i}`,
        description: '',
        visibility: i % 10 === 0 ? ('private' as const) : ('public' as const),
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    );
    const pageOf = async (reader: RegisteredUser | null, query: QueryOf<'userPlaylists'>) => {
      const res = await callApi(t.app, 'userPlaylists', {
        params: { userId: dana.userId },
        query,
        as: reader,
      });
      expect(res.statusCode, res.body).toBe(200);
      return {
        names: res.data.map((p) => p.name),
        total: Number(res.headers['x-total-count']),
      };
    };

    // The owner: Watch later first, then newest first; 104 in all.
    const first = await pageOf(dana, {});
    expect(first.total).toBe(104);
    expect(first.names).toHaveLength(100);
    expect(first.names.slice(0, 3)).toEqual(['Watch later', 'P 102', 'P 101']);
    const second = await pageOf(dana, { page: 2 });
    expect(second.names).toEqual(['P 3', 'P 2', 'P 1', 'P 0']);
    const walked: string[] = [];
    for (let page = 1; page <= 6; page++)
      walked.push(...(await pageOf(dana, { page, limit: 20 })).names);
    expect(new Set(walked).size).toBe(104);
    expect(walked).toEqual([...first.names, ...second.names]);

    // Others: the public ones only, and their count (11 of the 103 are private).
    const others = await pageOf(bob, { limit: 50, page: 2 });
    expect(others.total).toBe(92);
    expect(others.names).toHaveLength(42);
    expect(others.names).not.toContain('P 100');
    expect((await pageOf(null, { page: 3, limit: 50 })).names).toEqual([]);

    for (const bad of [{ limit: 101 }, { limit: 0 }, { page: 0 }, { page: malformed('x') }]) {
      const res = await callApi(t.app, 'userPlaylists', {
        params: { userId: dana.userId },
        query: bad,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('pages past the first 200 videos with after and limit, items from one ordered query', async () => {
    const ids = await insertVideos(olga, 250, { prefix: 'Long' });
    const long = await create(olga, { name: 'Long one' });
    await t.database.db
      .insert(playlistItems)
      .values(ids.map((videoId, position) => ({ playlistId: long._id, videoId, position })));
    const first = await expectOk(t.app, 'getPlaylist', { params: { playlistId: long._id } });
    expect(first.videos).toHaveLength(200);
    expect(first).toMatchObject({ videoCount: 250, hasMoreVideos: true });
    expect(first.videos.map((v) => v.position)).toEqual(ids.slice(0, 200).map((_, i) => i));
    const last = first.videos.at(-1)!.position;
    const second = await expectOk(t.app, 'getPlaylist', {
      params: { playlistId: long._id },
      query: { after: last },
    });
    expect(second.videos.map((v) => v._id)).toEqual(ids.slice(200));
    expect(second.hasMoreVideos).toBe(false);
    const small = await expectOk(t.app, 'getPlaylist', {
      params: { playlistId: long._id },
      query: { after: 9, limit: 5 },
    });
    expect(small.videos.map((v) => v.position)).toEqual([10, 11, 12, 13, 14]);
    expect(
      (
        await callApi(t.app, 'getPlaylist', {
          params: { playlistId: long._id },
          query: { limit: 201 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await callApi(t.app, 'getPlaylist', {
          params: { playlistId: long._id },
          query: { after: '-1' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('PUT and DELETE /playlists/:id', () => {
  it('lets the owner alone rename, describe and change visibility; 403 to others, 404 if private', async () => {
    const playlist = await create(olga, { name: 'Before' });
    expect(
      (
        await callApi(t.app, 'updatePlaylist', {
          params: { playlistId: playlist._id },
          body: { name: 'Visitor' },
        })
      ).statusCode,
    ).toBe(401);
    const forbidden = await callApi(t.app, 'updatePlaylist', {
      params: { playlistId: playlist._id },
      as: bob,
      body: { name: 'Not mine' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.error.code).toBe('FORBIDDEN');
    expect(
      (
        await callApi(t.app, 'updatePlaylist', {
          params: { playlistId: playlist._id },
          as: olga,
          body: {},
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await callApi(t.app, 'updatePlaylist', {
          params: { playlistId: playlist._id },
          as: olga,
          body: { name: '' },
        })
      ).statusCode,
    ).toBe(400);
    const updated = await expectOk(t.app, 'updatePlaylist', {
      params: { playlistId: playlist._id },
      as: olga,
      body: {
        name: 'After',
        description: 'Now described',
        visibility: 'private',
      },
    });
    expect(updated).toMatchObject({
      _id: playlist._id,
      name: 'After',
      description: 'Now described',
      visibility: 'private',
      owner: olga.userId,
    });
    // Private now: others are not told it exists.
    expect(
      (
        await callApi(t.app, 'updatePlaylist', {
          params: { playlistId: playlist._id },
          as: bob,
          body: { name: 'Not mine' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, 'deletePlaylist', { params: { playlistId: playlist._id }, as: bob }))
        .statusCode,
    ).toBe(404);
    const cleared = await expectOk(t.app, 'updatePlaylist', {
      params: { playlistId: playlist._id },
      as: olga,
      body: { description: '' },
    });
    expect(cleared.description).toBe('');
  });

  it('deletes for the owner only, with its items; 403 to others', async () => {
    const playlist = await create(olga);
    const [video] = await insertVideos(olga, 1);
    await add(olga, playlist._id, video!);
    expect(
      (await callApi(t.app, 'deletePlaylist', { params: { playlistId: playlist._id } })).statusCode,
    ).toBe(401);
    expect(
      (await callApi(t.app, 'deletePlaylist', { params: { playlistId: playlist._id }, as: bob }))
        .statusCode,
    ).toBe(403);
    const res = await callApi(t.app, 'deletePlaylist', {
      params: { playlistId: playlist._id },
      as: olga,
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await callApi(t.app, 'getPlaylist', { params: { playlistId: playlist._id }, as: olga }))
        .statusCode,
    ).toBe(404);
    expect(await rowsOf(playlist._id)).toEqual([]);
    expect(
      (await callApi(t.app, 'deletePlaylist', { params: { playlistId: playlist._id }, as: olga }))
        .statusCode,
    ).toBe(404);
  });
});

describe('videos in a playlist', () => {
  it('adds videos at the end and answers the whole playlist with full video objects in order', async () => {
    const playlist = await create(olga);
    const real = await createVideo(t.app, bob, { title: 'A real one' });
    const [mine] = await insertVideos(olga, 1);
    await expectOk(t.app, 'addPlaylistVideo', {
      params: { playlistId: playlist._id, videoId: mine! },
      as: olga,
    });
    const answer = await expectOk(t.app, 'addPlaylistVideo', {
      params: { playlistId: playlist._id, videoId: real._id },
      as: olga,
    });
    expect(answer.videoCount).toBe(2);
    expect(answer.videos.map((v) => [v._id, v.position])).toEqual([
      [mine, 0],
      [real._id, 1],
    ]);
    const video = answer.videos[1]!;
    expect(video).toMatchObject({
      _id: real._id,
      title: 'A real one',
      description: real.description,
      thumbnail: real.thumbnail,
      duration: real.duration,
      views: 0,
      createdAt: real.createdAt,
      owner: { _id: bob.userId, username: bob.username, fullname: expect.any(String) },
    });
    expect(video.owner).toHaveProperty('avatar');
    expect(Date.parse(video.addedAt)).not.toBeNaN();
    await expectOrder(playlist._id, [mine!, real._id]);
  });

  it('keeps a video once (409), refuses others (401, 403), and a draft of someone else is 404', async () => {
    const playlist = await create(olga);
    const [published] = await insertVideos(bob, 1);
    const [bobsDraft] = await insertVideos(bob, 1, { isPublished: false });
    const [olgasDraft] = await insertVideos(olga, 1, { isPublished: false });
    expect((await add(olga, playlist._id, published!)).statusCode).toBe(200);
    const again = await add(olga, playlist._id, published!);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This video is already in the playlist',
    });
    const draft = await add(olga, playlist._id, bobsDraft!);
    expect(draft.statusCode).toBe(404);
    expect(draft.message).toBe('Video not found');
    expect((await add(olga, playlist._id, randomUUID())).statusCode).toBe(404);
    expect((await add(olga, playlist._id, olgasDraft!)).statusCode).toBe(200);
    expect((await add(bob, playlist._id, published!)).statusCode).toBe(403);
    expect(
      (
        await callApi(t.app, 'addPlaylistVideo', {
          params: { playlistId: playlist._id, videoId: published! },
        })
      ).statusCode,
    ).toBe(401);
    expect((await add(olga, randomUUID(), published!)).statusCode).toBe(404);
    expect(
      (
        await callApi(t.app, 'addPlaylistVideo', {
          params: { playlistId: playlist._id, videoId: 'nope' },
          as: olga,
        })
      ).statusCode,
    ).toBe(400);
    await expectOrder(playlist._id, [published!, olgasDraft!]);
  });

  it('removes a video, answering the updated playlist with positions closed up', async () => {
    const playlist = await create(olga);
    const ids = await insertVideos(olga, 4);
    for (const id of ids) await add(olga, playlist._id, id);
    expect(
      (
        await callApi(t.app, 'removePlaylistVideo', {
          params: { playlistId: playlist._id, videoId: ids[1]! },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await callApi(t.app, 'removePlaylistVideo', {
          params: { playlistId: playlist._id, videoId: ids[1]! },
          as: bob,
        })
      ).statusCode,
    ).toBe(403);
    const answer = await expectOk(t.app, 'removePlaylistVideo', {
      params: { playlistId: playlist._id, videoId: ids[1]! },
      as: olga,
    });
    expect(answer.videos.map((v) => [v._id, v.position])).toEqual([
      [ids[0], 0],
      [ids[2], 1],
      [ids[3], 2],
    ]);
    expect(answer.videoCount).toBe(3);
    await expectOrder(playlist._id, [ids[0]!, ids[2]!, ids[3]!]);
    const gone = await callApi(t.app, 'removePlaylistVideo', {
      params: { playlistId: playlist._id, videoId: ids[1]! },
      as: olga,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.message).toBe('Video not found in this playlist');
  });

  it('reorders with PATCH { position }, both ways, past the end meaning last', async () => {
    const playlist = await create(olga);
    const [a, b, c, d, e] = await insertVideos(olga, 5);
    for (const id of [a, b, c, d, e]) await add(olga, playlist._id, id!);
    const move = (videoId: string, position: number, user: RegisteredUser | null = olga) =>
      callApi(t.app, 'movePlaylistVideo', {
        params: { playlistId: playlist._id, videoId },
        as: user,
        body: { position },
      });

    const down = await move(b!, 3);
    expect(down.statusCode, down.body).toBe(200);
    expect(down.data.videos.map((v: { _id: string }) => v._id)).toEqual([a, c, d, b, e]);
    await expectOrder(playlist._id, [a!, c!, d!, b!, e!]);
    expect((await move(e!, 0)).statusCode).toBe(200);
    await expectOrder(playlist._id, [e!, a!, c!, d!, b!]);
    expect((await move(e!, 4000)).statusCode).toBe(200);
    await expectOrder(playlist._id, [a!, c!, d!, b!, e!]);
    expect((await move(c!, 1)).statusCode).toBe(200);
    await expectOrder(playlist._id, [a!, c!, d!, b!, e!]);

    expect((await move(a!, 1, null)).statusCode).toBe(401);
    expect((await move(a!, 1, bob)).statusCode).toBe(403);
    for (const bad of [-1, 1.5, '2', null, 5000])
      expect((await move(a!, malformed(bad))).statusCode).toBe(400);
    expect((await move(randomUUID(), 0)).statusCode).toBe(404);
    await expectOrder(playlist._id, [a!, c!, d!, b!, e!]);
  });

  it('leaves out a draft a reader may not see, in the list, the count and the cards', async () => {
    const playlist = await create(olga);
    const [bobs, olgas] = [(await insertVideos(bob, 1))[0]!, (await insertVideos(olga, 1))[0]!];
    await add(olga, playlist._id, bobs);
    await add(olga, playlist._id, olgas);
    await t.database.db.update(videos).set({ isPublished: false }).where(eq(videos.id, bobs));
    for (const reader of [null, olga]) {
      const seen = await expectOk(t.app, 'getPlaylist', {
        params: { playlistId: playlist._id },
        as: reader,
      });
      expect(seen.videos.map((v) => v._id)).toEqual([olgas]);
      expect(seen.videoCount).toBe(1);
    }
    // Its owner still sees it where it was.
    const bobsView = await expectOk(t.app, 'getPlaylist', {
      params: { playlistId: playlist._id },
      as: bob,
    });
    expect(bobsView.videos.map((v) => [v._id, v.position])).toEqual([
      [bobs, 0],
      [olgas, 1],
    ]);
    const cards = (await callApi(t.app, 'userPlaylists', { params: { userId: olga.userId } })).data;
    const card = cards.find((p) => p._id === playlist._id)!;
    expect(card.videos.map((v: { _id: string }) => v._id)).toEqual([olgas]);
    expect(card.videoCount).toBe(1);
  });

  it('answers 404 to moving a video hidden from the mover, as reading and adding do, moving nothing', async () => {
    const playlist = await create(olga);
    const [bobs] = await insertVideos(bob, 1);
    const [first, last] = await insertVideos(olga, 2);
    for (const id of [first!, bobs!, last!]) await add(olga, playlist._id, id);
    await t.database.db.update(videos).set({ isPublished: false }).where(eq(videos.id, bobs!));
    const move = (videoId: string, position: number) =>
      callApi(t.app, 'movePlaylistVideo', {
        params: { playlistId: playlist._id, videoId },
        as: olga,
        body: { position },
      });
    const moved = await move(bobs!, 0);
    expect(moved.statusCode, moved.body).toBe(404);
    expect(moved.error).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await add(olga, playlist._id, bobs!)).statusCode).toBe(404);
    await expectOrder(playlist._id, [first!, bobs!, last!]);
    // The videos the mover sees still move around the hidden one.
    expect((await move(last!, 0)).statusCode).toBe(200);
    await expectOrder(playlist._id, [last!, first!, bobs!]);
  });

  it('holds at most 5,000 videos', async () => {
    const full = await create(olga, { name: 'Full' });
    await t.database.db.execute(sql`
      with made as (
        insert into videos (owner_id, title, description)
        select ${olga.userId}, 'Bulk ' || g, 'Bulk' from generate_series(0, 4999) g
        returning id, title
      )
      insert into playlist_items (playlist_id, video_id, position)
      select ${full._id}, id, substr(title, 6)::int from made
    `);
    const [extra] = await insertVideos(olga, 1);
    const res = await add(olga, full._id, extra!);
    expect(res.statusCode).toBe(409);
    expect(res.message).toBe('A playlist holds at most 5,000 videos');
    const opened = await expectOk(t.app, 'getPlaylist', {
      params: { playlistId: full._id },
      as: olga,
    });
    expect(opened).toMatchObject({ videoCount: 5000, hasMoreVideos: true });
    expect(opened.videos).toHaveLength(200);
    // Removing one makes room again, and the rest close up.
    await expectOk(t.app, 'removePlaylistVideo', {
      params: { playlistId: full._id, videoId: opened.videos[0]!._id },
      as: olga,
    });
    expect((await add(olga, full._id, extra!)).statusCode).toBe(200);
    const rows = await rowsOf(full._id);
    expect(rows).toHaveLength(5000);
    expect(rows.every((r, i) => r.position === i)).toBe(true);
    expect(rows.at(-1)!.videoId).toBe(extra);
  }, 60_000);
});

describe('concurrency', () => {
  it('keeps distinct, gap-free positions for 20 parallel adds of different videos', async () => {
    const playlist = await create(olga);
    const ids = await insertVideos(olga, 20);
    const answers = await Promise.all(ids.map((id) => add(olga, playlist._id, id)));
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    const rows = await rowsOf(playlist._id);
    expect(rows.map((r) => r.position)).toEqual(ids.map((_, i) => i));
    expect(new Set(rows.map((r) => r.videoId))).toEqual(new Set(ids));
  });

  it('keeps one item for 10 parallel adds of the same video', async () => {
    const playlist = await create(olga);
    const [id] = await insertVideos(olga, 1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => add(olga, playlist._id, id!)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    await expectOrder(playlist._id, [id!]);
  });
});

describe('concurrency with deletions', () => {
  // Regression: a deleted video's cascade held its item while waiting for the playlist's lock,
  // which a concurrent removal held while renumbering that same item: a deadlock, answered 500.
  it('keeps positions gap-free, and every call answered, when videos are deleted during adds, moves and removals', async () => {
    for (let round = 0; round < 3; round++) {
      const playlist = await create(olga);
      const present = await insertVideos(bob, 5);
      for (const id of present) await add(olga, playlist._id, id);
      const incoming = await insertVideos(olga, 8);
      const answers = await Promise.all([
        ...incoming.map((id) => add(olga, playlist._id, id)),
        callApi(t.app, 'deleteVideo', { params: { id: present[1]! }, as: bob }),
        callApi(t.app, 'deleteVideo', { params: { id: present[3]! }, as: bob }),
        callApi(t.app, 'removePlaylistVideo', {
          params: { playlistId: playlist._id, videoId: present[0]! },
          as: olga,
        }),
        callApi(t.app, 'movePlaylistVideo', {
          params: { playlistId: playlist._id, videoId: present[4]! },
          as: olga,
          body: { position: 0 },
        }),
      ]);
      expect(answers.map((a) => `${a.statusCode} ${a.statusCode === 200 ? '' : a.body}`)).toEqual(
        answers.map(() => '200 '),
      );
      const rows = await rowsOf(playlist._id);
      expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
      expect(new Set(rows.map((r) => r.videoId))).toEqual(
        new Set([present[2], present[4], ...incoming]),
      );
    }
  });
});

describe('Watch later', () => {
  it('is one built-in private playlist per account, toggled in one click', async () => {
    const dana = await registerUser(t.app);
    const [video] = await insertVideos(bob, 1);
    const toggle = (user: RegisteredUser | null) =>
      callApi(t.app, 'toggleWatchLater', { params: { videoId: video! }, as: user });
    expect((await toggle(null)).statusCode).toBe(401);
    const saved = await toggle(dana);
    expect(saved.statusCode, saved.body).toBe(200);
    const first = saved.data;
    expect(first).toMatchObject({ isSaved: true, videoCount: 1 });

    const watchLater = await expectOk(t.app, 'getWatchLater', { as: dana });
    expect(watchLater).toMatchObject({
      _id: first.playlistId,
      name: 'Watch later',
      kind: 'watch_later',
      visibility: 'private',
      owner: dana.userId,
      videoCount: 1,
    });
    expect(watchLater.videos.map((v) => v._id)).toEqual([video]);
    // The same list through the ordinary calls: reorder and remove work on it.
    expect((await add(dana, first.playlistId, video!)).statusCode).toBe(409);
    const unsaved = (await toggle(dana)).data;
    expect(unsaved).toEqual({ isSaved: false, playlistId: first.playlistId, videoCount: 0 });

    // One per account, however it is asked for at once.
    await Promise.all([
      callApi(t.app, 'getWatchLater', { as: dana }),
      callApi(t.app, 'userPlaylists', { params: { userId: dana.userId }, as: dana }),
      toggle(dana),
    ]);
    const rows = await t.database.db
      .select({ id: playlists.id })
      .from(playlists)
      .where(eq(playlists.ownerId, dana.userId));
    expect(rows).toEqual([{ id: first.playlistId }]);
    // Private: others are not told it exists, nor see it listed.
    expect(
      (await callApi(t.app, 'getPlaylist', { params: { playlistId: first.playlistId }, as: bob }))
        .statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, 'userPlaylists', { params: { userId: dana.userId }, as: bob })).data,
    ).toEqual([]);
  });

  it('cannot be renamed, made public or deleted (409 with a clear message)', async () => {
    const watchLater = await expectOk(t.app, 'getWatchLater', { as: olga });
    const changes: BodyOf<'updatePlaylist'>[] = [
      { name: 'Later maybe' },
      { visibility: 'public' },
      { description: 'x' },
    ];
    for (const payload of changes) {
      const res = await callApi(t.app, 'updatePlaylist', {
        params: { playlistId: watchLater._id },
        as: olga,
        body: payload,
      });
      expect(res.statusCode).toBe(409);
      expect(res.message).toBe(
        'Watch later is built in: it cannot be renamed, made public or deleted',
      );
    }
    expect(
      (await callApi(t.app, 'deletePlaylist', { params: { playlistId: watchLater._id }, as: olga }))
        .statusCode,
    ).toBe(409);
    expect(
      (await callApi(t.app, 'deletePlaylist', { params: { playlistId: watchLater._id }, as: bob }))
        .statusCode,
    ).toBe(404);
    expect(
      await expectOk(t.app, 'getPlaylist', { params: { playlistId: watchLater._id }, as: olga }),
    ).toMatchObject({ name: 'Watch later' });
  });

  it('refuses a draft of someone else (404) and takes one’s own', async () => {
    const [bobsDraft] = await insertVideos(bob, 1, { isPublished: false });
    expect(
      (await callApi(t.app, 'toggleWatchLater', { params: { videoId: bobsDraft! }, as: olga }))
        .statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, 'toggleWatchLater', { params: { videoId: bobsDraft! }, as: bob }))
        .statusCode,
    ).toBe(200);
  });
});

describe('deleting what a playlist holds', () => {
  it('deleting a video takes it out of every playlist, closing positions up, and out of history', async () => {
    const video = await createVideo(t.app, bob);
    const [x, y] = await insertVideos(olga, 2);
    const mine = await create(olga);
    const bobs = await create(bob);
    for (const id of [x!, video._id, y!]) await add(olga, mine._id, id);
    for (const id of [video._id, x!]) await add(bob, bobs._id, id);
    await callApi(t.app, 'saveWatchPosition', {
      params: { videoId: video._id },
      as: olga,
      body: { positionSeconds: 1 },
    });

    expect(
      (await callApi(t.app, 'deleteVideo', { params: { id: video._id }, as: bob })).statusCode,
    ).toBe(200);
    await expectOrder(mine._id, [x!, y!]);
    await expectOrder(bobs._id, [x!]);
    const history = await t.database.db
      .select()
      .from(watchHistory)
      .where(eq(watchHistory.videoId, video._id));
    expect(history).toEqual([]);
    expect(
      (await expectOk(t.app, 'getPlaylist', { params: { playlistId: mine._id }, as: olga }))
        .videoCount,
    ).toBe(2);
  });

  it('deleting an account removes its playlists, and its videos from the playlists of others', async () => {
    const erin = await registerUser(t.app);
    const [e1, e2] = await insertVideos(erin, 2);
    const [o1, o2] = await insertVideos(olga, 2);
    const erins = await create(erin);
    await add(erin, erins._id, o1!);
    const mine = await create(olga);
    for (const id of [e1!, o1!, e2!, o2!]) await add(olga, mine._id, id);

    await t.database.db.delete(users).where(eq(users.id, erin.userId));
    expect(
      await t.database.db.select().from(playlists).where(eq(playlists.ownerId, erin.userId)),
    ).toEqual([]);
    expect(await rowsOf(erins._id)).toEqual([]);
    await expectOrder(mine._id, [o1!, o2!]);
  });
});
