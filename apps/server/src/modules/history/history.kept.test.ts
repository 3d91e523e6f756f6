// Each person's first entries of history kept in memory and moved in place by their own saves
// (decision 0060): every answer is the one PostgreSQL gives at that moment, byte for byte.
import type { HistoryEntry } from '@kinora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainEvents } from '../../platform/events/domain-events';
import { videos } from '../../platform/db/schema';
import { prewrittenText } from '../../platform/http/prewritten-json';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { togglePublish } from '../../../test/media-factories';
import { presentHistoryEntries } from './history.presenter';
import { KeptHistory } from './history.kept';
import { HistoryRepository, type HistoryRecord } from './history.repository';
import { HistoryService } from './history.service';
import { historyHelpers } from './history.test-support';

let t: TestApp;
let olga: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  olga = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const { insertVideos, save, historyOf } = historyHelpers(() => t);

/** The person's first `limit` entries as PostgreSQL gives them now (staff's path: no kept rows). */
const fresh = async (user: RegisteredUser, limit = 50) =>
  JSON.parse(
    prewrittenText(
      presentHistoryEntries(
        await t.services.history.watchHistory({
          actor: { userId: user.userId, role: 'admin' },
          cursor: undefined,
          limit,
        }),
      ),
    )!,
  ) as HistoryEntry[];

const saved = async (user: RegisteredUser, videoId: string, position: number) => {
  const res = await save(user, videoId, position);
  expect(res.statusCode, res.body).toBe(200);
};

describe('a person’s first entries kept and moved by their own saves (decision 0060)', () => {
  it('answers each save at once, exactly as PostgreSQL would, with no query for it', async () => {
    const ann = await registerUser(t.app);
    const [a, b, c, d] = await insertVideos(olga, 4);
    await saved(ann, a!, 1);
    await saved(ann, b!, 2);
    await saved(ann, c!, 3);
    expect(await historyOf(ann, { limit: 50 })).toEqual(await fresh(ann));

    // Positions whose float4 text differs from the number sent, times to the microsecond.
    for (const [video, position] of [
      [a!, 0.1],
      [b!, 33.3],
      [a!, 86_399.7],
      [c!, 12.5],
    ] as const) {
      await saved(ann, video, position);
      expect(await historyOf(ann, { limit: 50 })).toEqual(await fresh(ann));
    }
    expect((await historyOf(ann, { limit: 50 })).map((h) => h._id)).toEqual([c, a, b]);

    // The kept rows answered: a save changed what the database holds behind the server's back
    // is not seen (proof no query was made), until the person's next save of that video moves
    // it again from what that save stored.
    await t.database.db.update(videos).set({ title: 'Renamed quietly' }).where(eq(videos.id, b!));
    await saved(ann, c!, 20);
    expect((await historyOf(ann, { limit: 50 })).find((h) => h._id === b)!.title).not.toBe(
      'Renamed quietly',
    );
    // A video not in the kept entries: read again, the new entry on top.
    await saved(ann, d!, 4);
    expect(await historyOf(ann, { limit: 50 })).toEqual(await fresh(ann));
    expect((await historyOf(ann, { limit: 50 }))[0]!._id).toBe(d);
  });

  it('keeps other limits and the pages after the first right, and drops on a removal', async () => {
    const ben = await registerUser(t.app);
    const ids = await insertVideos(olga, 6);
    for (const [i, id] of ids.entries()) await saved(ben, id, i + 1);
    expect(await historyOf(ben, { limit: 50 })).toEqual(await fresh(ben));
    // Fewer than kept: the first ones. More than kept after a smaller first read: read again.
    expect(await historyOf(ben, { limit: 2 })).toEqual(await fresh(ben, 2));
    await saved(ben, ids[1]!, 9);
    expect(await historyOf(ben, { limit: 3 })).toEqual(await fresh(ben, 3));
    expect(await historyOf(ben, { limit: 50 })).toEqual(await fresh(ben));

    // The second page after a save moved an entry from it to the top.
    const first = await historyOf(ben, { limit: 3 });
    await saved(ben, ids[0]!, 10);
    const moved = await historyOf(ben, { limit: 3 });
    expect(moved).toEqual(await fresh(ben, 3));
    const second = await historyOf(ben, { limit: 3, cursor: moved[2]!.cursor });
    const all = await fresh(ben);
    expect(second).toEqual(all.slice(3, 6));
    expect(first).not.toEqual(moved);

    // A removal forgets the kept entries: the next answer is the database's.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/watchHistory/${ids[0]}`,
      headers: ben.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await historyOf(ben, { limit: 50 })).toEqual(await fresh(ben));
    expect((await historyOf(ben, { limit: 50 })).map((h) => h._id)).not.toContain(ids[0]);
  });

  it('never shows another person’s save, and forgets entries whose video changed', async () => {
    const [cat, dan] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const [a, b] = await insertVideos(olga, 2);
    await saved(cat, a!, 5);
    await saved(dan, b!, 6);
    expect((await historyOf(cat)).map((h) => [h._id, h.positionSeconds])).toEqual([[a, 5]]);
    await saved(dan, a!, 50);
    expect((await historyOf(cat)).map((h) => [h._id, h.positionSeconds])).toEqual([[a, 5]]);
    expect((await historyOf(dan)).map((h) => [h._id, h.positionSeconds])).toEqual([
      [a, 50],
      [b, 6],
    ]);

    // A video made private by its owner leaves both histories at once (its event).
    await togglePublish(t.app, olga, a!);
    expect(await historyOf(cat)).toEqual([]);
    expect((await historyOf(dan)).map((h) => h._id)).toEqual([b]);
  });

  it('shows a video again at once when it is published again', async () => {
    const fay = await registerUser(t.app);
    const [a, b] = await insertVideos(olga, 2);
    await saved(fay, a!, 1);
    await saved(fay, b!, 2);
    await togglePublish(t.app, olga, a!);
    expect((await historyOf(fay)).map((h) => h._id)).toEqual([b]);
    // Nothing kept names a video a history leaves out: `historyInSight` brings it back.
    await togglePublish(t.app, olga, a!);
    expect((await historyOf(fay)).map((h) => h._id)).toEqual([b, a]);
    expect(await historyOf(fay, { limit: 50 })).toEqual(await fresh(fay));
  });

  it('moves the entries kept by another process when it hears the save through the relay', async () => {
    const eve = await registerUser(t.app);
    const [a, b] = await insertVideos(olga, 2);
    await saved(eve, a!, 1);
    await saved(eve, b!, 2);
    // Process B: its own service on the same database, hearing A's events as the relay hands
    // them over (JSON through Redis).
    const heard = new DomainEvents(() => undefined);
    const processB = new HistoryService(
      new HistoryRepository(t.database.db, t.storage.publicUrlPrefix()),
      t.services.videos,
      heard,
    );
    const readB = async () =>
      JSON.parse(
        prewrittenText(
          presentHistoryEntries(
            await processB.watchHistory({
              actor: { userId: eve.userId, role: 'user' },
              cursor: undefined,
              limit: 50,
            }),
          ),
        )!,
      ) as HistoryEntry[];
    const stop = t.services.events.onAnyProcess('history.saved', (change) =>
      heard.receiveFromAnotherProcess(
        'history.saved',
        JSON.parse(JSON.stringify(change)) as typeof change,
      ),
    );
    try {
      expect(await readB()).toEqual(await fresh(eve));
      await saved(eve, a!, 7.7);
      expect(await readB()).toEqual(await fresh(eve));
      expect((await readB())[0]!._id).toBe(a);
      // B stops hearing A: a save through A is lost to it, and B still answers what it kept.
      stop();
      await saved(eve, b!, 9.5);
      const missed = await fresh(eve);
      expect(await readB()).not.toEqual(missed);
      // The relay's gap (told when it hears again) forgets what B kept.
      heard.relayGap();
      expect(await readB()).toEqual(missed);
    } finally {
      stop();
    }
  });
});

describe('the kept rows’ own bookkeeping (decision 0060)', () => {
  /** A `KeptHistory` reading the real history, counting its loads, each a little slow. */
  const keptOver = (options: { ttlMs?: number; maxBytes?: number } = {}) => {
    const repo = new HistoryRepository(t.database.db, t.storage.publicUrlPrefix());
    const loads: number[] = [];
    const kept = new KeptHistory({
      load: async (userId, limit) => {
        loads.push(limit);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return repo.list({ userId, viewer: { userId, role: 'user' }, cursor: undefined, limit });
      },
      ttlMs: options.ttlMs ?? 60_000,
      maxBytes: options.maxBytes ?? 1024 * 1024,
    });
    return { kept, loads };
  };
  const ids = (rows: HistoryRecord[]) => rows.map((row) => row.id);

  it('keeps one set of rows when a second load follows one that brought too few', async () => {
    const gus = await registerUser(t.app);
    const [a, b, c] = await insertVideos(olga, 3);
    for (const [i, v] of [a, b, c].entries()) await saved(gus, v!, i);
    const { kept, loads } = keptOver();
    // The first asks for 2; the second, for 3 while the first is under way, loads again.
    const [two, three] = await Promise.all([
      kept.firstPage(gus.userId, 2),
      kept.firstPage(gus.userId, 3),
    ]);
    expect([ids(two), ids(three), loads]).toEqual([
      [c, b],
      [c, b, a],
      [2, 3],
    ]);
    expect(kept.size).toEqual({ readers: 1, cards: 3 });
    kept.drop(gus.userId);
    // Nothing of either load is left behind.
    expect(kept.size).toEqual({ readers: 0, cards: 0 });
  });

  it('forgets a reader’s rows when a save older than their entry is heard after it', async () => {
    const hal = await registerUser(t.app);
    const [a, b] = await insertVideos(olga, 2);
    await saved(hal, a!, 1);
    await saved(hal, b!, 2);
    const { kept, loads } = keptOver();
    const rows = await kept.firstPage(hal.userId, 50);
    const entry = rows.find((row) => row.id === a)!;
    const older = (BigInt(entry.watchedAtMicros) - 1n).toString();
    kept.saved({
      userId: hal.userId,
      videoId: a!,
      stored: { positionSeconds: 99, watchedAtMicros: older },
    });
    expect(kept.size.readers).toBe(0);
    // Asked again: what PostgreSQL holds, not the late event's position.
    const again = await kept.firstPage(hal.userId, 50);
    expect(again.find((row) => row.id === a)!.positionSeconds).toBe(1);
    expect(loads).toEqual([50, 50]);
  });

  it('keeps nothing with a lifetime of 0 (kept answers off), and stays within its bytes', async () => {
    const [ida, jon] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const [a, b] = await insertVideos(olga, 2);
    for (const person of [ida, jon]) {
      await saved(person, a!, 1);
      await saved(person, b!, 2);
    }
    const off = keptOver({ ttlMs: 0 });
    await off.kept.firstPage(ida.userId, 50);
    await off.kept.firstPage(ida.userId, 50);
    expect([off.kept.size, off.loads]).toEqual([{ readers: 0, cards: 0 }, [50, 50]]);

    // Room for one reader's two rows and cards: the second reader's push out the first's.
    // (The cards' texts are ASCII: a byte a character, decision 0064.)
    const probe = keptOver();
    const rows = await probe.kept.firstPage(ida.userId, 50);
    const oneReader = rows.reduce((sum, row) => sum + 256 + row.card.length, 0);
    const small = keptOver({ maxBytes: oneReader });
    await small.kept.firstPage(ida.userId, 50);
    expect(small.kept.size).toEqual({ readers: 1, cards: 2 });
    await small.kept.firstPage(jon.userId, 50);
    expect(small.kept.size).toEqual({ readers: 1, cards: 2 });
    await small.kept.firstPage(jon.userId, 50);
    await small.kept.firstPage(ida.userId, 50);
    expect(small.loads).toEqual([50, 50, 50]);
  });
});

describe('a person’s history kept long on its events alone (decision 0064)', () => {
  let long: TestApp;
  beforeAll(async () => {
    // A person's other answers live a second, their history a minute.
    long = await createTestApp({ PERSONAL_CACHE_TTL: '1s', HISTORY_CACHE_TTL: '60s' });
  });
  afterAll(() => long?.close());
  const helpers = historyHelpers(() => long);
  const read = async (user: RegisteredUser) => {
    const res = await long.app.inject({
      url: '/api/v1/users/watchHistory?limit=50',
      headers: user.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json<{ data: HistoryEntry[] }>().data;
    return { kept: res.headers.age !== undefined, ids: entries.map((e) => e._id), entries };
  };
  const freshOf = async (user: RegisteredUser) =>
    JSON.parse(
      prewrittenText(
        presentHistoryEntries(
          await long.services.history.watchHistory({
            actor: { userId: user.userId, role: 'admin' },
            cursor: undefined,
            limit: 50,
          }),
        ),
      )!,
    ) as HistoryEntry[];

  it('outlives a person’s other kept answers, and a save, a removal and a video made private show at once', async () => {
    const [kim, lev] = await Promise.all([registerUser(long.app), registerUser(long.app)]);
    const [a, b, c] = await helpers.insertVideos(kim, 3);
    for (const [i, v] of [a, b, c].entries()) {
      expect((await helpers.save(lev, v!, i + 1)).statusCode).toBe(200);
    }
    await read(lev);
    expect((await read(lev)).kept).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    // Past the person's other answers' second: still the kept one.
    expect((await read(lev)).kept).toBe(true);

    expect((await helpers.save(lev, a!, 42.5)).statusCode).toBe(200);
    let now = await read(lev);
    expect([now.kept, now.ids]).toEqual([false, [a, c, b]]);
    expect(now.entries).toEqual(await freshOf(lev));

    expect((await read(lev)).kept).toBe(true);
    const removed = await long.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/watchHistory/${c}`,
      headers: lev.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    now = await read(lev);
    expect([now.kept, now.ids]).toEqual([false, [a, b]]);

    expect((await read(lev)).kept).toBe(true);
    await togglePublish(long.app, kim, b!);
    now = await read(lev);
    expect([now.kept, now.ids]).toEqual([false, [a]]);
    await togglePublish(long.app, kim, b!);
    expect((await read(lev)).ids).toEqual([a, b]);
    expect((await read(lev)).entries).toEqual(await freshOf(lev));
  });

  it('forgets every kept history, answers and entries, on a gap in the event relay', async () => {
    const [max, ned] = await Promise.all([registerUser(long.app), registerUser(long.app)]);
    const [a, b] = await helpers.insertVideos(max, 2);
    for (const [i, v] of [a, b].entries()) {
      expect((await helpers.save(ned, v!, i + 1)).statusCode).toBe(200);
    }
    await read(ned);
    expect((await read(ned)).kept).toBe(true);
    // A change written behind the events' back (as one lost by the relay would be): the kept
    // history does not see it ...
    await long.database.db
      .update(videos)
      .set({ title: 'Renamed unheard' })
      .where(eq(videos.id, a!));
    expect((await read(ned)).entries.find((e) => e._id === a)!.title).not.toBe('Renamed unheard');
    // ... until the relay says it may have lost events: neither the answer nor the entries are
    // kept any more, and a save's next answer is PostgreSQL's.
    long.services.events.relayGap();
    const now = await read(ned);
    expect(now.kept).toBe(false);
    expect(now.entries.find((e) => e._id === a)!.title).toBe('Renamed unheard');
    expect((await helpers.save(ned, b!, 9)).statusCode).toBe(200);
    expect((await read(ned)).entries).toEqual(await freshOf(ned));
  });
});
