/**
 * The newest rows of the channels a person follows, by keyset, in the two steps of decision
 * 0020 (the subscriptions feed of videos and the tweets feed share them):
 * 1. the site's newest `recentWindow` rows after the cursor (one range of the table's
 *    (created_at, id) index), kept when their owner is followed: exact when that fills the page,
 *    as its rows are a prefix of the site's order;
 * 2. otherwise each followed channel's newest `limit` rows from its own (owner, created_at, id)
 *    range, the newest `limit` of those winning: bounded work however rarely they post.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { microsOf, pastCursor, type KeysetPosition } from './keyset';
import { subscriptions } from './schema';

export interface FollowedSource {
  table: PgTable;
  id: AnyPgColumn<{ data: string; notNull: true }>;
  ownerId: AnyPgColumn;
  createdAt: AnyPgColumn;
  /** Rows a follower may be offered (for videos: what a visitor sees). */
  offered?: SQL;
}

export async function followedFeed(
  db: Database,
  source: FollowedSource,
  input: {
    subscriberId: string;
    limit: number;
    after: KeysetPosition | null;
    recentWindow: number;
  },
): Promise<{ id: string; position: KeysetPosition }[]> {
  const afterCursor = input.after
    ? pastCursor(source.createdAt, source.id, input.after)
    : undefined;
  const columns = {
    id: source.id,
    ownerId: source.ownerId,
    createdAt: source.createdAt,
    micros: microsOf(source.createdAt).as('micros'),
  };
  const recent = db
    .select(columns)
    .from(source.table)
    .where(and(source.offered, afterCursor))
    .orderBy(desc(source.createdAt), desc(source.id))
    .limit(input.recentWindow)
    .as('recent');
  const fromRecent = await db
    .select({ id: recent.id, micros: recent.micros })
    .from(recent)
    .innerJoin(
      subscriptions,
      and(
        eq(subscriptions.subscriberId, input.subscriberId),
        eq(subscriptions.channelId, recent.ownerId),
      ),
    )
    .orderBy(desc(recent.createdAt), desc(recent.id))
    .limit(input.limit);
  if (fromRecent.length === input.limit) return fromRecent.map(positionOf);

  const perChannel = db
    .select(columns)
    .from(source.table)
    .where(and(eq(source.ownerId, subscriptions.channelId), source.offered, afterCursor))
    .orderBy(desc(source.createdAt), desc(source.id))
    .limit(input.limit)
    .as('newest');
  const rows = await db
    .select({ id: perChannel.id, micros: perChannel.micros })
    .from(subscriptions)
    .crossJoinLateral(perChannel)
    .where(eq(subscriptions.subscriberId, input.subscriberId))
    .orderBy(desc(perChannel.createdAt), desc(perChannel.id))
    .limit(input.limit);
  return rows.map(positionOf);
}

const positionOf = (r: { id: string; micros: string }) => ({
  id: r.id,
  position: { micros: r.micros, id: r.id },
});
