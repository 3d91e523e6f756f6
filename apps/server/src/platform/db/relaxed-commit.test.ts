import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness';
import { queryRows } from './client';
import { relaxedCommit } from './relaxed-commit';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const setting = async (db: Parameters<typeof queryRows>[0]) =>
  (
    await queryRows<{ value: string }>(
      db,
      sql`select current_setting('synchronous_commit') as value`,
    )
  )[0]!.value;

describe('relaxedCommit', () => {
  it("turns the flush off for its statement's transaction alone", async () => {
    const { db } = database.handle;
    expect(await setting(db)).toBe('on');
    await db.transaction(async (tx) => {
      await queryRows(tx, sql`select 1 from ${relaxedCommit}`);
      expect(await setting(tx)).toBe('off');
    });
    // The next transaction (on whichever connection) flushes as before.
    for (let i = 0; i < 12; i++) expect(await setting(db)).toBe('on');
  });
});
