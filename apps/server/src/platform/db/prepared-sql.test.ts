import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/harness';
import { queryRows, type Database } from './client';
import { preparedRows } from './prepared-sql';

/** The hot writes' named prepared statements (decision 0063). */
describe('preparedRows', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('answers each call with its own values, nulls too, over every connection at once', async () => {
    const { writes } = database.handle;
    const echo = preparedRows<
      { a: number; b: string | null; at: unknown },
      { a: number; b: string | null }
    >(
      writes,
      'test_prepared_echo',
      sql`select ${sql.placeholder('a')}::int + 1 as a, ${sql.placeholder('b')}::text as b,
            now() as at`,
    );
    // More calls than the writes' connections, and past the fifth on each (a generic plan).
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => echo({ a: i, b: i % 2 ? null : `x${i}` })),
    );
    answers.forEach((rows, i) => {
      expect(rows).toHaveLength(1);
      expect(rows[0]!.a).toBe(i + 1);
      expect(rows[0]!.b).toBe(i % 2 ? null : `x${i}`);
    });
    // Rows as `db.execute` gives them (a timestamp the same type).
    const [executed] = await queryRows<{ at: unknown }>(writes, sql`select now() as at`);
    expect(typeof answers[0]![0]!.at).toBe(typeof executed!.at);
  });

  it('fails a call whose value the statement refuses, and answers the next', async () => {
    const { writes } = database.handle;
    const byId = preparedRows<{ id: string }, { id: string }>(
      writes,
      'test_prepared_uuid',
      sql`select ${sql.placeholder('id')}::uuid::text as id`,
    );
    await expect(byId({ id: 'not-a-uuid' })).rejects.toThrow();
    const id = '2f0c6f3e-8f4a-4f8e-9a52-3b1b2c1d0e9f';
    expect(await byId({ id })).toEqual([{ id }]);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'is parsed once on a connection, under its name',
    async () => {
      const pool = (database.handle.db as unknown as { $client: pg.Pool }).$client;
      const client = new pg.Client({ connectionString: pool.options.connectionString });
      await client.connect();
      try {
        const db = drizzle({ client }) as unknown as Database;
        const count = preparedRows<{ n: number }, { n: number }>(
          db,
          'test_prepared_named',
          sql`select ${sql.placeholder('n')}::int as n`,
        );
        for (let n = 0; n < 3; n++) expect(await count({ n })).toEqual([{ n }]);
        const { rows } = await client.query<{ name: string }>(
          `select name from pg_prepared_statements where name = 'test_prepared_named'`,
        );
        expect(rows).toEqual([{ name: 'test_prepared_named' }]);
      } finally {
        await client.end();
      }
    },
  );
});
