import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/harness';
import { queryRows } from './client';

/**
 * The warm-up at start (issue 18, cold start): the connections a busy minute needs are open, and
 * each has planned a query on every table, before the first request.
 */
describe('warming the database before serving', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it.runIf(testDatabaseKind() === 'postgres')('opens every connection of the pool', async () => {
    const connections = async () =>
      (
        await queryRows<{ n: number }>(
          database.handle.db,
          sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and backend_type = 'client backend'`,
        )
      )[0]!.n;
    const before = await connections();
    await database.handle.warm();
    expect(await connections()).toBeGreaterThanOrEqual(10);
    expect(before).toBeLessThan(10);
  });

  it('plans a query on every table without failing', async () => {
    await expect(database.handle.warm()).resolves.toBeUndefined();
  });
});

/**
 * The writes' own connections (decision 0061): five kept warm, more opened when more writes are
 * in flight at once, so writes that arrive at their own rate never queue for a connection while
 * each round trip is slow.
 */
describe("the writes' connections", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it.runIf(testDatabaseKind() === 'postgres')(
    'runs more writes at once than the five kept warm',
    async () => {
      const { db, writes } = database.handle;
      const key = 610_061;
      const inFlight = 9;
      let waiting = 0;
      let pending: Promise<unknown>[] = [];
      // One connection of the reads' pool holds a lock; nine writes then wait for it, each on a
      // connection of its own, until it is let go.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
        // (A drizzle query runs when it is awaited: `then` sends it now.)
        pending = Array.from({ length: inFlight }, () =>
          writes.execute(sql`select pg_advisory_xact_lock(${key})`).then(() => undefined),
        );
        for (let tries = 0; tries < 200 && waiting < inFlight; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          const [row] = await queryRows<{ waiting: number }>(
            tx,
            sql`select count(*)::int as waiting from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'
                    and query like 'select pg_advisory_xact_lock(%'`,
          );
          waiting = row!.waiting;
        }
      });
      await Promise.all(pending);
      expect(waiting).toBe(inFlight);
      expect(database.handle.writesPoolUse()!.total).toBeGreaterThanOrEqual(inFlight);
    },
  );
});
