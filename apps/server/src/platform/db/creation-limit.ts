/**
 * Per-person creation limits counted from the stored rows, as messages are: every API process
 * sees the same count without a shared store. A transaction-scoped advisory lock per person and
 * kind makes the count and the insert one step, so a burst of requests at once cannot all pass
 * under the limit together; other people never wait on it.
 */
import { and, count, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Tx } from './client';

export interface CreationWindow {
  /** Rows one person may create within the window. */
  max: number;
  windowSeconds: number;
}

export type LimitedInsert<T> = { created: T } | { retryAfterSeconds: number };

/** Which rows of `table` are the person's; their `created_at` says when each was made. */
export interface CountedRows {
  table: PgTable & { createdAt: PgColumn };
  theirs: SQL | undefined;
}

/**
 * Inserts with `insert` unless the person already created `window.max` rows in the window
 * (counted among their `rows`), then answers how long until the oldest of them leaves it.
 */
export async function insertWithinLimit<T>(
  db: Database,
  input: {
    /** Names the lock: the kind of row and the person, e.g. `tweets:<user id>`. */
    lockKey: string;
    window: CreationWindow;
    rows: CountedRows;
    insert: (tx: Tx) => Promise<T>;
  },
): Promise<LimitedInsert<T>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${input.lockKey}, 0))`);
    const since = sql`now() - make_interval(secs => ${input.window.windowSeconds})`;
    const { count, oldest } = await createdSince(tx, input.rows, since);
    if (count >= input.window.max) {
      const leavesAt = (oldest?.getTime() ?? Date.now()) + input.window.windowSeconds * 1000;
      return { retryAfterSeconds: Math.max(1, Math.ceil((leavesAt - Date.now()) / 1000)) };
    }
    return { created: await input.insert(tx) };
  });
}

/** `count(*)` and `min(created_at)` of the person's rows created after `since`. */
async function createdSince(
  tx: Tx,
  rows: CountedRows,
  since: SQL,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await tx
    .select({ count: count(), oldest: sql<Date | null>`min(${rows.table.createdAt})` })
    .from(rows.table)
    .where(and(rows.theirs, sql`${rows.table.createdAt} > ${since}`));
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}
