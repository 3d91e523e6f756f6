/**
 * Keyset paging for lists answered as plain arrays (history, liked videos): each entry carries
 * an opaque cursor, its timestamp to the microsecond and its id, and the next page starts
 * strictly after it in the index's order. The cursor keeps every microsecond of the
 * timestamp: an ISO date (milliseconds) would skip or repeat entries written within one.
 */
import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { badRequest } from '../http/errors';

export interface KeysetPosition {
  /** Microseconds since the epoch, as an integer in text (exact beyond 2^53). */
  micros: string;
  id: string;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.micros}.${position.id}`).toString('base64url');
}

/** Reads a cursor this server wrote; anything else is a 400 naming the field. */
export function decodeCursor(cursor: string): KeysetPosition {
  const [micros, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (extra !== undefined || !micros || !/^-?\d{1,18}$/.test(micros) || !id || !uuid.test(id)) {
    throw badRequest('The cursor is not valid', [
      { field: 'cursor', message: 'Pass the cursor of the last entry of the previous page' },
    ]);
  }
  return { micros, id };
}

/** The column's timestamp as exact microseconds since the epoch, in text. */
export const microsOf = (column: SQLWrapper): SQL<string> =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/**
 * Entries after `position` in a (timestamp desc, id desc) order: a row comparison that walks
 * the same index as the order. The position may be placeholders of a prepared statement.
 */
export function pastCursor(
  at: SQLWrapper,
  id: SQLWrapper,
  position: KeysetPosition | { micros: Placeholder; id: Placeholder },
): SQL {
  return sql`(${at}, ${id}) < (timestamptz 'epoch' + ${position.micros}::bigint * interval '1 microsecond', ${position.id}::uuid)`;
}
