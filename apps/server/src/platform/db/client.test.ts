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
