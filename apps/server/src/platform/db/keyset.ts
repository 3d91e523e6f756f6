/**
 * Keyset paging for lists answered as plain arrays (history, liked videos): each entry carries
 * an opaque cursor, its timestamp to the microsecond and its id, and the next page starts
 * strictly after it in the index's order. The cursor keeps every microsecond of the
 * timestamp: an ISO date (milliseconds) would skip or repeat entries written within one.
 */
import { parseKeysetCursor, type KeysetPosition } from '@kinora/contract';
import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/** What a reader asks of a feed: up to `limit` entries after the cursor (from the start without). */
export interface FeedRequest {
  limit: number;
  cursor?: string | undefined;
}

/** A page of a feed, with the cursor of the next (null at the end). */
export interface FeedPage<T> {
  records: T[];
  nextCursor: string | null;
}

/**
 * One page of a feed read by keyset: `read` is asked for one entry more than `limit` (which
 * tells whether a next page exists) after the cursor, and `load` for the page's entries by id,
 * in that order. The next cursor is the last entry read, so an entry gone between the two
 * reads is left out and the feed still moves past it.
 */
export async function readFeedPage<T>(
  input: FeedRequest,
  read: (page: {
    limit: number;
    after: KeysetPosition | null;
  }) => Promise<{ id: string; position: KeysetPosition }[]>,
  load: (ids: string[]) => Promise<T[]>,
): Promise<FeedPage<T>> {
  const after = input.cursor === undefined ? null : decodeCursor(input.cursor);
  const page = await read({ limit: input.limit + 1, after });
  const shown = page.slice(0, input.limit);
  return {
    records: await load(shown.map((p) => p.id)),
    nextCursor: nextCursorOf(input.limit, page),
  };
}

/**
 * `readFeedPage` for a feed whose read gives each entry's record with it (decision 0062): one
 * statement, not two. `recordOf` is an entry's record, or null for one gone between the find
 * and the read (left out, as `load` leaves it out).
 */
export async function readFeedPageWithRecords<
  E extends { id: string; position: KeysetPosition },
  T,
>(
  input: FeedRequest,
  read: (page: { limit: number; after: KeysetPosition | null }) => Promise<E[]>,
  recordOf: (entry: E) => T | null,
): Promise<FeedPage<T>> {
  const after = input.cursor === undefined ? null : decodeCursor(input.cursor);
  const page = await read({ limit: input.limit + 1, after });
  return {
    records: page.slice(0, input.limit).flatMap((entry) => recordOf(entry) ?? []),
    nextCursor: nextCursorOf(input.limit, page),
  };
}

/** The next page's cursor: the last shown entry's, when one more than `limit` was read. */
function nextCursorOf(limit: number, page: { position: KeysetPosition }[]): string | null {
  const last = page[limit - 1];
  return page.length > limit && last ? encodeCursor(last.position) : null;
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
