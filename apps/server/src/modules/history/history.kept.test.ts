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
import { HistoryRepository } from './history.repository';
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
      // A gap in the relay forgets what B kept.
      processB.forgetKeptReaders();
      expect(await readB()).toEqual(await fresh(eve));
    } finally {
      stop();
    }
  });
});
