import { sql } from 'drizzle-orm';

/**
 * A row source for the FROM list of a one-statement write whose commit need not wait for the
 * disk: it sets `synchronous_commit` off for that statement's own transaction alone
 * (`set_config(…, true)`), so the commit returns once its WAL is written, not flushed (decision
 * 0056). Under the traffic model the flush was most of what a write waited on.
 *
 * What it risks: if PostgreSQL itself crashes (not Node), the last few hundred milliseconds of
 * such writes (up to three `wal_writer_delay`s) may be lost, whole; the database is never left
 * inconsistent. Only for writes a client repeats anyway: a player's saved position (every
 * 10 s) and a view. Never for what a person was told is kept (a comment, a like, a message).
 */
export const relaxedCommit = sql`(select set_config('synchronous_commit', 'off', true)) as relaxed_commit`;
