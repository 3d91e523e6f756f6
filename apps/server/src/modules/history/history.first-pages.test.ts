// Many people's first pages of history read by one statement (decision 0067), and kept entries
// never taken from a read that began before a change to what they show: every answer is the
// one PostgreSQL gives at that moment.
import type { HistoryEntry } from '@kinora/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos, watchHistory } from '../../platform/db/schema';
import { dropsOf, shows } from '../../platform/http/kept-tags';
import { prewrittenText } from '../../platform/http/prewritten-json';
import { callApi } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { presentHistoryEntries } from './history.presenter';
import { KeptHistory } from './history.kept';
import { HistoryRepository, type HistoryRecord } from './history.repository';
import { historyHelpers } from './history.test-support';

let t: TestApp;
let olga: RegisteredUser;

beforeAll(async () => {
  // A person's history kept a minute on its events alone, as in production (decision 0064).
  t = await createTestApp({ HISTORY_CACHE_TTL: '60s' });
  olga = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const { insertVideos, save } = historyHelpers(() => t);

const repo = () => new HistoryRepository(t.database.db, t.storage.publicUrlPrefix());

/** The person's first `limit` entries as `list` reads them, one statement of its own. */
const listed = (user: RegisteredUser, limit: number) =>
  repo().list({
    userId: user.userId,
    viewer: { userId: user.userId, role: 'user' },
    cursor: undefined,
    limit,
  });

/** History entries written straight into the database: [user, video, seconds ago]. */
async function watched(entries: [RegisteredUser, string, number][]): Promise<void> {
  await t.database.db.insert(watchHistory).values(
    entries.map(([user, videoId, ago], i) => ({
      userId: user.userId,
      videoId,
      positionSeconds: i + 0.1,
      watchedAt: new Date(Date.now() - ago * 1000),
    })),
  );
}

describe('first pages asked together, read by one statement (decision 0067)', () => {
  it('answers each reader their own entries, exactly as their own statement would', async () => {
    const [pia, quin, rae, sol] = await Promise.all([
      registerUser(t.app),
      registerUser(t.app),
      registerUser(t.app),
      registerUser(t.app),
    ]);
    const shared = await insertVideos(olga, 5);
    // Pia's own drafts are in her history for her; Olga's hidden video is nobody's.
    const [draft] = await insertVideos(pia, 1, false);
    const [hidden] = await insertVideos(olga, 1);
    await t.database.db.update(videos).set({ hiddenAt: new Date() }).where(eq(videos.id, hidden!));
    await watched([
      ...shared.map((id, i): [RegisteredUser, string, number] => [pia, id, 100 + i]),
      [pia, draft!, 50],
      [pia, hidden!, 10],
      // Two entries of one time: the greater id first.
      [quin, shared[0]!, 7],
      [quin, shared[1]!, 7],
      [quin, shared[2]!, 3],
      [quin, draft!, 1],
      [rae, shared[4]!, 2],
    ]);
    // Asked in one turn, one reader twice with two limits, one with no history at all.
    const asked: [RegisteredUser, number][] = [
      [pia, 50],
      [quin, 2],
      [quin, 50],
      [sol, 50],
      [rae, 50],
      [pia, 3],
      [pia, 50],
    ];
    const many = repo();
    const pages = await Promise.all(
      asked.map(([user, limit]) => many.firstPageOf(user.userId, limit)),
    );
    const alone = await Promise.all(asked.map(([user, limit]) => listed(user, limit)));
    expect(pages).toEqual(alone);
    expect(pages.map((page) => page.length)).toEqual([6, 2, 3, 0, 1, 3, 6]);
    expect(pages[0]!.map((row) => row.id)).toContain(draft);
    expect(pages[2]!.map((row) => row.id)).not.toContain(draft);
    expect(pages.flat().map((row) => row.id)).not.toContain(hidden);
    // The same text as the presenter writes from a statement of one reader.
    expect(prewrittenText(presentHistoryEntries(pages[0]!))).toBe(
      prewrittenText(presentHistoryEntries(alone[0]!)),
    );
  });

  it('answers each of many people reading at once, with nothing kept, their own history', async () => {
    const off = await createTestApp({ PUBLIC_CACHE_TTL: '0s' });
    try {
      const owner = await registerUser(off.app);
      const people = await Promise.all(Array.from({ length: 6 }, () => registerUser(off.app)));
      const [rows] = [
        await off.database.db
          .insert(videos)
          .values(
            Array.from({ length: 6 }, (_, i) => ({
              ownerId: owner.userId,
              title: `Seen ${i}`,
              description: 'Inserted by a test',
              durationSeconds: 60,
              isPublished: true,
            })),
          )
          .returning({ id: videos.id }),
      ];
      const ids = rows.map((row) => row.id);
      // Person i watched the first i + 1 videos, the latest last.
      for (const [i, person] of people.entries()) {
        for (const id of ids.slice(0, i + 1)) {
          const res = await callApi(off.app, 'saveWatchPosition', {
            params: { videoId: id },
            as: person,
            body: { positionSeconds: i },
          });
          expect(res.statusCode, res.body).toBe(200);
        }
      }
      const answers = await Promise.all(
        people.map((person) =>
          callApi(off.app, 'watchHistory', { as: person, query: { limit: 50 } }),
        ),
      );
      expect(answers.map((res) => res.data.map((entry) => entry._id))).toEqual(
        people.map((_, i) => ids.slice(0, i + 1).reverse()),
      );
      expect(answers.map((res) => res.data.map((entry) => entry.positionSeconds))).toEqual(
        people.map((_, i) => Array.from({ length: i + 1 }, () => i)),
      );
    } finally {
      await off.close();
    }
  });
});

describe('kept entries and the changes heard while they were read (decision 0067)', () => {
  /** A `KeptHistory` over the real statement, each load held until `open` is called. */
  const gated = () => {
    const reader = repo();
    let open: () => void = () => undefined;
    let loads = 0;
    const kept = new KeptHistory({
      load: async (userId, limit) => {
        loads += 1;
        const rows = await reader.firstPageOf(userId, limit);
        await new Promise<void>((resolve) => (open = resolve));
        return rows;
      },
      ttlMs: 60_000,
      maxBytes: 1024 * 1024,
    });
    // The load has read its rows and waits: what a change heard now meets.
    const readDone = () => new Promise((resolve) => setTimeout(resolve, 50));
    return { kept, open: () => open(), readDone, loads: () => loads };
  };
  const ids = (rows: HistoryRecord[]) => rows.map((row) => row.id);

  it('hands a read that began before a change to what it shows to its reader, and keeps none of it', async () => {
    const uma = await registerUser(t.app);
    const [a, b] = await insertVideos(olga, 2);
    await watched([
      [uma, a!, 20],
      [uma, b!, 10],
    ]);
    for (const tags of [
      [shows.video(a!)],
      [shows.person(olga.userId)],
      [shows.historyInSight],
      // Their own removal or clear, heard from another tab or process while the read ran.
      dropsOf['history.removed']({ userId: uma.userId, videoId: a! }),
      dropsOf['history.removed']({ userId: uma.userId, videoId: null }),
    ]) {
      const { kept, open, readDone, loads } = gated();
      const reading = kept.firstPage(uma.userId, 50);
      await readDone();
      kept.dropTags(tags);
      open();
      expect(ids(await reading)).toEqual([b, a]);
      expect(kept.size.readers).toBe(0);
      // Asked again: read again, and kept this time.
      const again = kept.firstPage(uma.userId, 50);
      await readDone();
      open();
      expect(ids(await again)).toEqual([b, a]);
      expect([kept.size.readers, loads()]).toEqual([1, 2]);
    }
  });

  it('keeps a read during which only other things changed', async () => {
    const vic = await registerUser(t.app);
    const [a, other] = await insertVideos(olga, 2);
    await watched([[vic, a!, 5]]);
    const { kept, open, readDone } = gated();
    const reading = kept.firstPage(vic.userId, 50);
    await readDone();
    kept.dropTags([shows.video(other!), shows.person(vic.userId), shows.videoListings]);
    open();
    expect(ids(await reading)).toEqual([a]);
    expect(kept.size.readers).toBe(1);
  });
});

describe('a kept history and the changes to what it shows, through the routes', () => {
  const read = async (user: RegisteredUser) => {
    const res = await t.app.inject({
      url: '/api/v1/users/watchHistory?limit=50',
      headers: user.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      kept: res.headers.age !== undefined,
      entries: res.json<{ data: HistoryEntry[] }>().data,
    };
  };
  /** What PostgreSQL gives the person now, read by a statement of their own. */
  const freshOf = async (user: RegisteredUser) =>
    JSON.parse(prewrittenText(presentHistoryEntries(await listed(user, 50)))!) as HistoryEntry[];

  it('shows a renamed owner and a video hidden by a moderator at once, a save and a removal too', async () => {
    const [wes, xan] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const [a, b, c] = await insertVideos(xan, 3);
    for (const [i, v] of [a, b, c].entries()) {
      expect((await save(wes, v!, i + 1)).statusCode).toBe(200);
    }
    await read(wes);
    expect((await read(wes)).kept).toBe(true);

    const renamed = await callApi(t.app, 'updateDetails', {
      as: xan,
      body: { fullname: 'Xan Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    let now = await read(wes);
    expect(now.kept).toBe(false);
    expect(now.entries.map((entry) => entry.owner.fullname)).toEqual([
      'Xan Renamed',
      'Xan Renamed',
      'Xan Renamed',
    ]);
    expect(now.entries).toEqual(await freshOf(wes));

    // Hidden by a moderator: the database's change and the event the moderation sends.
    expect((await read(wes)).kept).toBe(true);
    await t.database.db
      .update(videos)
      .set({ hiddenAt: new Date() })
      .where(inArray(videos.id, [b!]));
    t.services.events.emit('content.moderated', {
      ownerIds: [xan.userId],
      videoIds: [b!],
      commentedVideoIds: [],
      tweetIds: [],
    });
    now = await read(wes);
    expect([now.kept, now.entries.map((entry) => entry._id)]).toEqual([false, [c, a]]);

    expect((await save(wes, a!, 33.3)).statusCode).toBe(200);
    now = await read(wes);
    expect(now.entries.map((entry) => [entry._id, entry.positionSeconds])).toEqual([
      [a, 33.3],
      [c, 3],
    ]);
    expect(now.entries).toEqual(await freshOf(wes));
    const removed = await callApi(t.app, 'removeFromHistory', { as: wes, params: { videoId: a! } });
    expect(removed.statusCode, removed.body).toBe(200);
    now = await read(wes);
    expect([now.kept, now.entries.map((entry) => entry._id)]).toEqual([false, [c]]);
    expect(now.entries).toEqual(await freshOf(wes));
  });
});
