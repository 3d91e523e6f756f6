/**
 * The newest rows of the channels a person follows, by keyset, in the two steps of decision
 * 0020 (the subscriptions feed of videos and the tweets feed share them):
 * 1. the site's newest `recentWindow` rows after the cursor (one range of the table's
 *    (created_at, id) index), kept when their owner is followed: exact when that fills the page,
 *    as its rows are a prefix of the site's order;
 * 2. otherwise each followed channel's newest `limit` rows from its own (owner, created_at, id)
 *    range, the newest `limit` of those winning: bounded work however rarely they post.
 */
import { and, desc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
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

/**
 * One table's followed feed, its four queries (each step, first page or after a cursor) as
 * named statements: parsed and planned once per connection, as a feed is read on every visit
 * to the subscriptions and tweets pages. The page size and the window are written into the
 * statement (and its name): PostgreSQL plans a `LIMIT $1` for an unknown tenth of the table,
 * so with parameters there it would plan afresh on every call. At most
 * `namedStatementsPerFeed` sizes are named; others are sent unnamed.
 */
/** Named statements one feed keeps per connection: four per page size. */
const namedStatementsPerFeed = 16;

export class FollowedFeed {
  private readonly statements = new Map<
    string,
    ReturnType<ReturnType<FollowedFeed['query']>['prepare']>
  >();

  constructor(
    private readonly db: Database,
    private readonly source: FollowedSource,
    /** How many of the site's newest rows the first step looks through (decision 0020). */
    private readonly recentWindow: number,
  ) {}

  private query(step: 'recent' | 'channels', afterCursor: boolean, pageSize: number) {
    const { db, source } = this;
    const subscriberId = sql.placeholder('subscriberId');
    // Integers of the server's own (a validated page size, the configured window).
    const limit = sql.raw(String(Math.trunc(pageSize))) as unknown as number;
    const window = sql.raw(String(Math.trunc(this.recentWindow))) as unknown as number;
    const after = afterCursor
      ? pastCursor(source.createdAt, source.id, {
          micros: sql.placeholder('micros'),
          id: sql.placeholder('cursorId'),
        })
      : undefined;
    const columns = {
      id: source.id,
      ownerId: source.ownerId,
      createdAt: source.createdAt,
      micros: microsOf(source.createdAt).as('micros'),
    };
    /** The source's newest offered rows that `where` keeps, at most `count`, as a subquery. */
    const newest = <N extends string>(where: SQL | undefined, count: number, name: N) =>
      db
        .select(columns)
        .from(source.table)
        .where(and(where, source.offered, after))
        .orderBy(desc(source.createdAt), desc(source.id))
        .limit(count)
        .as(name);
    if (step === 'recent') {
      const recent = newest(undefined, window, 'recent');
      return db
        .select({ id: recent.id, micros: recent.micros })
        .from(recent)
        .innerJoin(
          subscriptions,
          and(
            eq(subscriptions.subscriberId, subscriberId),
            eq(subscriptions.channelId, recent.ownerId),
          ),
        )
        .orderBy(desc(recent.createdAt), desc(recent.id))
        .limit(limit);
    }
    const perChannel = newest(eq(source.ownerId, subscriptions.channelId), limit, 'newest');
    return db
      .select({ id: perChannel.id, micros: perChannel.micros })
      .from(subscriptions)
      .crossJoinLateral(perChannel)
      .where(eq(subscriptions.subscriberId, subscriberId))
      .orderBy(desc(perChannel.createdAt), desc(perChannel.id))
      .limit(limit);
  }

  private run(
    step: 'recent' | 'channels',
    values: { subscriberId: string; limit: number; after: KeysetPosition | null },
  ) {
    const after = values.after !== null;
    const name = `${getTableName(this.source.table)}_followed_${step}${after ? '_after' : ''}_${values.limit}_${this.recentWindow}`;
    let statement = this.statements.get(name);
    if (!statement && this.statements.size < namedStatementsPerFeed) {
      statement = this.query(step, after, values.limit).prepare(name);
      this.statements.set(name, statement);
    }
    const placeholders = {
      subscriberId: values.subscriberId,
      micros: values.after?.micros ?? null,
      cursorId: values.after?.id ?? null,
    };
    return statement
      ? statement.execute(placeholders)
      : this.query(step, after, values.limit).execute(placeholders);
  }

  async page(input: {
    subscriberId: string;
    limit: number;
    after: KeysetPosition | null;
  }): Promise<{ id: string; position: KeysetPosition }[]> {
    const fromRecent = await this.run('recent', input);
    if (fromRecent.length === input.limit) return fromRecent.map(positionOf);
    return (await this.run('channels', input)).map(positionOf);
  }
}

const positionOf = (r: { id: string; micros: string }) => ({
  id: r.id,
  position: { micros: r.micros, id: r.id },
});
