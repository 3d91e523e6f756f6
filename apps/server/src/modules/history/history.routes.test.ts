import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos, watchHistory } from '../../platform/db/schema';
import { callApi, malformed } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { historyHelpers } from './history.test-support';
import { registerUser, type RegisteredUser } from '../../../test/factories';

let t: TestApp;
let olga: RegisteredUser;
let bob: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [olga, bob] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
});
afterAll(async () => {
  await t.close();
});

const { insertVideos, save, historyOf } = historyHelpers(() => t);

describe('PUT /users/watchHistory/:videoId', () => {
  it('keeps the position to resume from, moves the entry to the top, and counts no view', async () => {
    const user = await registerUser(t.app);
    const [first, second] = await insertVideos(olga, 2);
    expect((await save(user, first!, 12.5)).data).toEqual({
      recorded: true,
      positionSeconds: 12.5,
    });
    await save(user, second!, 3);
    let history = await historyOf(user);
    expect(history.map((h) => [h._id, h.positionSeconds])).toEqual([
      [second, 3],
      [first, 12.5],
    ]);
    expect(history[0]).toMatchObject({ title: 'Watched 1', owner: { _id: olga.userId } });
    expect(Date.parse(history[0]!.watchedAt)).not.toBeNaN();
    await save(user, first!, 40);
    history = await historyOf(user);
    expect(history.map((h) => [h._id, h.positionSeconds])).toEqual([
      [first, 40],
      [second, 3],
    ]);
    const video = (await callApi(t.app, 'getVideo', { params: { id: first! } })).data;
    expect(video.views).toBe(0);
  });

  it('refuses a visitor (401), a bad position (400), and a video the caller may not see (404)', async () => {
    const [video] = await insertVideos(olga, 1);
    const [draft] = await insertVideos(olga, 1, false);
    expect((await save(null, video!, 1)).statusCode).toBe(401);
    for (const bad of [-1, 86_401, '12', null, Number.NaN]) {
      expect((await save(bob, video!, malformed(bad))).statusCode, String(bad)).toBe(400);
    }
    expect(
      (
        await callApi(t.app, 'saveWatchPosition', {
          params: { videoId: video! },
          as: bob,
          body: malformed({}),
        })
      ).statusCode,
    ).toBe(400);
    expect((await save(bob, draft!, 1)).statusCode).toBe(404);
    expect((await save(bob, randomUUID(), 1)).statusCode).toBe(404);
    expect((await save(bob, 'nope', 1)).statusCode).toBe(400);
    // The draft's owner may play it; reviewing a draft leaves no trace (watch-traces test).
    expect((await save(olga, draft!, 1)).statusCode).toBe(200);
  });

  it('keeps an unlisted video’s place; a hidden one is its owner’s to play and nobody’s history', async () => {
    const [unlisted, hidden] = await insertVideos(olga, 2, false);
    await t.database.db.update(videos).set({ isUnlisted: true }).where(eq(videos.id, unlisted!));
    await t.database.db
      .update(videos)
      .set({ isPublished: true, hiddenAt: new Date() })
      .where(eq(videos.id, hidden!));
    expect((await save(bob, unlisted!, 3)).data).toEqual({ recorded: true, positionSeconds: 3 });
    expect((await save(bob, hidden!, 3)).statusCode).toBe(404);
    expect((await save(olga, hidden!, 3)).data).toEqual({ recorded: false, positionSeconds: 3 });
    const kept = await t.database.db
      .select({ userId: watchHistory.userId, videoId: watchHistory.videoId })
      .from(watchHistory)
      .where(sql`${watchHistory.videoId} in (${unlisted!}, ${hidden!})`);
    expect(kept).toEqual([{ userId: bob.userId, videoId: unlisted! }]);
  });

  it('keeps one entry, at one of the sent places, for many saves of one video at once', async () => {
    const user = await registerUser(t.app);
    const [video] = await insertVideos(olga, 1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => save(user, video!, i + 1)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const rows = await t.database.db
      .select({ positionSeconds: watchHistory.positionSeconds })
      .from(watchHistory)
      .where(and(eq(watchHistory.userId, user.userId), eq(watchHistory.videoId, video!)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.positionSeconds).toBeGreaterThanOrEqual(1);
    expect(rows[0]!.positionSeconds).toBeLessThanOrEqual(20);
  });
});

describe('GET /users/watchHistory', () => {
  it('is a plain array, most recent first, keyset-paged by each entry’s cursor to the microsecond', async () => {
    const user = await registerUser(t.app);
    const ids = await insertVideos(olga, 5);
    for (const id of ids) await save(user, id, 1);
    // Two entries within the same millisecond, and two at the very same instant.
    const at = (iso: string, videoId: string) =>
      t.database.db
        .update(watchHistory)
        .set({ watchedAt: sql`${iso}::timestamptz` })
        .where(and(eq(watchHistory.userId, user.userId), eq(watchHistory.videoId, videoId)));
    await at('2026-01-01T00:00:00.123456Z', ids[0]!);
    await at('2026-01-01T00:00:00.123457Z', ids[1]!);
    await at('2026-01-01T00:00:01Z', ids[2]!);
    await at('2026-01-01T00:00:01Z', ids[3]!);
    await at('2026-01-02T00:00:00Z', ids[4]!);
    const sameInstant = [ids[2]!, ids[3]!].sort().reverse();
    const expected = [ids[4], ...sameInstant, ids[1], ids[0]];

    const all = await historyOf(user);
    expect(all.map((h) => h._id)).toEqual(expected);
    const paged: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 4; page++) {
      const entries = await historyOf(user, { limit: 2, ...(cursor ? { cursor } : {}) });
      paged.push(...entries.map((h) => h._id));
      if (entries.length === 0) break;
      cursor = entries.at(-1)!.cursor;
    }
    expect(paged).toEqual(expected);
  });

  it('answers 401 to a visitor and 400 to a cursor it did not write', async () => {
    expect((await callApi(t.app, 'watchHistory')).statusCode).toBe(401);
    for (const bad of ['garbage', Buffer.from('1.2.3').toString('base64url'), 'x'.repeat(201)]) {
      const res = await callApi(t.app, 'watchHistory', { query: { cursor: bad }, as: bob });
      expect(res.statusCode, bad).toBe(400);
      expect(res.error.code).toBe('VALIDATION_FAILED');
    }
    expect(
      (await callApi(t.app, 'watchHistory', { query: { limit: 101 }, as: bob })).statusCode,
    ).toBe(400);
  });

  it('leaves out a video that became a draft of someone else', async () => {
    const user = await registerUser(t.app);
    const [video] = await insertVideos(olga, 1);
    await save(user, video!, 5);
    await t.database.db.update(videos).set({ isPublished: false }).where(eq(videos.id, video!));
    expect(await historyOf(user)).toEqual([]);
  });
});

describe('GET /users/watchHistory/positions', () => {
  const positions = (user: RegisteredUser | null, videoIds: string) =>
    callApi(t.app, 'watchPositions', { query: { videoIds }, as: user });

  it('answers where the caller stopped in each named video of their own history, and nothing else', async () => {
    const user = await registerUser(t.app);
    const [a, b, unwatched, othersOnly] = await insertVideos(olga, 4);
    await save(user, a!, 42.5);
    await save(user, b!, 7);
    await save(bob, othersOnly!, 99);
    await save(bob, a!, 300);
    // An entry far down the history (past the latest 50) still answers.
    const older = await insertVideos(olga, 60);
    for (const id of older) await save(user, id, 1);

    const res = await positions(user, [a, b, unwatched, othersOnly, a].join(','));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.data;
    expect(data.map((p) => [p.videoId, p.positionSeconds]).sort()).toEqual(
      [
        [a, 42.5],
        [b, 7],
      ].sort(),
    );
    expect(Date.parse(data[0]!.watchedAt)).not.toBeNaN();
    expect(Object.keys(data[0]!).sort()).toEqual(['positionSeconds', 'videoId', 'watchedAt']);
  });

  it('leaves out a video that became a draft of someone else', async () => {
    const user = await registerUser(t.app);
    const [video] = await insertVideos(olga, 1);
    await save(user, video!, 5);
    await t.database.db.update(videos).set({ isPublished: false }).where(eq(videos.id, video!));
    expect((await positions(user, video!)).data).toEqual([]);
    // Its owner reviewing the draft keeps no place in it either (issue 20 d: a draft leaves no
    // history).
    expect((await save(olga, video!, 8)).data).toEqual({
      recorded: false,
      positionSeconds: 8,
    });
    expect((await positions(olga, video!)).data).toEqual([]);
  });

  it('refuses a visitor (401), and no ids, a bad id or more than 100 (400)', async () => {
    const [video] = await insertVideos(olga, 1);
    expect((await positions(null, video!)).statusCode).toBe(401);
    const many = Array.from({ length: 101 }, () => randomUUID()).join(',');
    for (const bad of ['', ',', 'nope', `${video},nope`, many, `${video}\u0000`, 'a\u0000b']) {
      const res = await positions(bob, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.error.code).toBe('VALIDATION_FAILED');
    }
    expect(
      (await callApi(t.app, 'watchPositions', { as: bob, query: malformed({}) })).statusCode,
    ).toBe(400);
    const hundred = Array.from({ length: 100 }, () => randomUUID()).join(',');
    expect((await positions(bob, hundred)).data).toEqual([]);
  });
});

describe('DELETE /users/watchHistory', () => {
  it('removes one entry (404 when absent), or all of the caller’s and nobody else’s', async () => {
    const user = await registerUser(t.app);
    const [a, b, c] = await insertVideos(olga, 3);
    for (const id of [a!, b!, c!]) {
      await save(user, id, 1);
      await save(bob, id, 1);
    }
    expect(
      (await callApi(t.app, 'removeFromHistory', { params: { videoId: b! } })).statusCode,
    ).toBe(401);
    expect(
      (await callApi(t.app, 'removeFromHistory', { params: { videoId: b! }, as: user })).statusCode,
    ).toBe(200);
    expect((await historyOf(user)).map((h) => h._id)).toEqual([c, a]);
    const again = await callApi(t.app, 'removeFromHistory', { params: { videoId: b! }, as: user });
    expect(again.statusCode).toBe(404);
    expect(again.message).toBe('Video not found in your history');

    expect((await callApi(t.app, 'clearHistory')).statusCode).toBe(401);
    const cleared = await callApi(t.app, 'clearHistory', { as: user });
    expect(cleared.data).toEqual({ removed: 2 });
    expect(await historyOf(user)).toEqual([]);
    expect((await historyOf(bob)).map((h) => h._id)).toEqual(expect.arrayContaining([a, b, c]));
  });
});

describe('pausing history', () => {
  it('records nothing while paused, neither a saved position nor a counted view', async () => {
    const user = await registerUser(t.app);
    const [watched, other] = await insertVideos(olga, 2);
    await save(user, watched!, 10);
    expect((await callApi(t.app, 'historySettings', { as: user })).data).toEqual({
      paused: false,
    });
    const paused = await callApi(t.app, 'updateHistorySettings', {
      as: user,
      body: { paused: true },
    });
    expect(paused.data).toEqual({ paused: true });
    expect((await callApi(t.app, 'historySettings', { as: user })).data).toEqual({
      paused: true,
    });

    expect((await save(user, watched!, 99)).data).toEqual({
      recorded: false,
      positionSeconds: 99,
    });
    await save(user, other!, 5);
    const view = await callApi(t.app, 'recordView', {
      params: { id: other! },
      as: user,
      body: { position: 7 },
    });
    expect(view.data.counted).toBe(true);
    expect((await historyOf(user)).map((h) => [h._id, h.positionSeconds])).toEqual([[watched, 10]]);

    await callApi(t.app, 'updateHistorySettings', { as: user, body: { paused: false } });
    expect((await save(user, other!, 6)).data.recorded).toBe(true);
    expect((await historyOf(user)).map((h) => h._id)).toEqual([other, watched]);
  });

  it('answers 401 to a visitor and 400 to a body without a boolean', async () => {
    expect((await callApi(t.app, 'historySettings')).statusCode).toBe(401);
    expect(
      (await callApi(t.app, 'updateHistorySettings', { body: { paused: true } })).statusCode,
    ).toBe(401);
    for (const payload of [{}, { paused: 'yes' }, { paused: 1 }]) {
      expect(
        (await callApi(t.app, 'updateHistorySettings', { as: bob, body: malformed(payload) }))
          .statusCode,
      ).toBe(400);
    }
  });
});

// Last in the file: the limit is per client address, which every test here shares.
describe('rate limit', () => {
  it('allows 120 saved positions a minute, then answers 429', async () => {
    const [video] = await insertVideos(olga, 1);
    const answers = [];
    for (let i = 0; i < 125; i++) answers.push((await save(bob, video!, i)).statusCode);
    expect(answers.filter((s) => s === 200).length).toBeLessThanOrEqual(120);
    expect(answers.at(-1)).toBe(429);
  });
});
