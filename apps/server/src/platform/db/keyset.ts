/**
 * Keyset paging for lists answered as plain arrays (history, liked videos): each entry carries
 * an opaque cursor, its timestamp to the microsecond and its id, and the next page starts
 * strictly after it in the index's order. The cursor keeps every microsecond of the
 * timestamp: an ISO date (milliseconds) would skip or repeat entries written within one.
 */
import { parseKeysetCursor, type KeysetPosition } from '@kinora/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { badRequest } from '../http/errors';

export type { KeysetPosition };

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.micros}.${position.id}`).toString('base64url');
}

/**
 * Reads a cursor this server wrote; anything else is a 400 naming the field. The contract's
 * query schemas refuse such cursors already; this keeps a service safe when called otherwise.
 */
export function decodeCursor(cursor: string): KeysetPosition {
  const position = parseKeysetCursor(cursor);
  if (!position) {
    throw badRequest('The cursor is not valid', [
      { field: 'cursor', message: 'Pass the cursor of the last entry of the previous page' },
    ]);
  }
  return position;
}

/** The column's timestamp as exact microseconds since the epoch, in text. */
export const microsOf = (column: SQLWrapper): SQL<string> =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/**
 * Entries after `position` in a (timestamp desc, id desc) order: a row comparison that walks
 * the same index as the order.
 */
export function pastCursor(at: SQLWrapper, id: SQLWrapper, position: KeysetPosition): SQL {
  return sql`(${at}, ${id}) < (timestamptz 'epoch' + ${position.micros}::bigint * interval '1 microsecond', ${position.id}::uuid)`;
}
