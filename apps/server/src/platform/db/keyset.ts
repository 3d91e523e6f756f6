/**
 * Keyset paging for newest-first feeds ordered by (created_at desc, id desc). The cursor holds
 * the last item's position at the database's own precision (microseconds): a JavaScript Date
 * keeps milliseconds only, and a cursor rounded to them would skip or repeat items created in
 * the same millisecond.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from '../http/errors';

export interface FeedPosition {
  /** created_at as whole microseconds since the epoch, in decimal. */
  createdAtMicros: string;
  id: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(position: FeedPosition): string {
  return Buffer.from(`${position.createdAtMicros}.${position.id}`).toString('base64url');
}

/** A cursor this server did not give is the client's mistake: a 400 naming the field. */
export function decodeCursor(cursor: string): FeedPosition {
  const [createdAtMicros, id, ...rest] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split('.');
  if (
    rest.length > 0 ||
    !createdAtMicros ||
    !/^\d{1,17}$/.test(createdAtMicros) ||
    !id ||
    !uuidPattern.test(id)
  ) {
    const message = 'The cursor is not one this feed gave';
    throw badRequest(message, [{ field: 'cursor', message }]);
  }
  return { createdAtMicros, id };
}

/** A row's position, to build the next cursor from (exact, as text). */
export function microsOf(createdAt: AnyColumn): SQL<string> {
  return sql<string>`(extract(epoch from ${createdAt}) * 1000000)::bigint::text`;
}

/**
 * Rows after the position in newest-first order. A row comparison, which the btree indexes on
 * (…, created_at desc, id desc) answer as a range.
 */
export function olderThan(createdAt: AnyColumn, id: AnyColumn, position: FeedPosition): SQL {
  return sql`(${createdAt}, ${id}) < (timestamptz 'epoch' + ${position.createdAtMicros}::bigint * interval '1 microsecond', ${position.id}::uuid)`;
}
