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
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
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

/** Columns of an attachment, nested one level as a select's fields may be. */
export type AttachedColumns = Record<string, SQL | AnyPgColumn | Record<string, SQL | AnyPgColumn>>;

/**
 * What a page's rows carry beside their ids, read by the same statement (decision 0062): the
 * subscriptions feed's cards, so a page is one round trip, not one for the ids and one for the
 * cards. `join` adds to the page (a subquery of at most the step's limit rows, newest first)
 * the tables `columns` read, joined on the row's id; the placeholders they use are given to
 * `page`. A row whose joins find nothing (a video no longer offered) has `columns` all null.
 */
export interface FollowedAttachment {
  columns: AttachedColumns;
  join: (page: PgSelect, id: AnyPgColumn) => PgSelect;
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
    /** What each row of a page carries beside its id, in the same statement (decision 0062). */
    private readonly attachment?: FollowedAttachment,
  ) {}

  /** A step's statement: the page's ids and positions, with the attachment's columns if any. */
  private query(step: 'recent' | 'channels', afterCursor: boolean, pageSize: number) {
    const { attachment } = this;
    const found = this.found(step, afterCursor, pageSize);
    if (!attachment) return found;
    const page = found.as('page');
    // Selected by `found` when there is an attachment.
    const { createdAt } = page as unknown as { createdAt: AnyPgColumn };
    return attachment
      .join(
        this.db
          .select({ ...attachment.columns, followedId: page.id, followedMicros: page.micros })
          .from(page)
          .$dynamic(),
        page.id,
      )
      .orderBy(desc(createdAt), desc(page.id)) as unknown as typeof found;
  }

  private found(step: 'recent' | 'channels', afterCursor: boolean, pageSize: number) {
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
    // The cursor's microseconds are written for the page's rows only, in the outer select: in
    // the subquery they were computed for each of the window's rows (a numeric `extract` on
    // 1,000 rows, 40% of the first step's time; bench/README.md, "The followed feeds, fourth pass").
    const columns = { id: source.id, ownerId: source.ownerId, createdAt: source.createdAt };
    /** The source's newest offered rows that `where` keeps, at most `count`, as a subquery. */
    const newest = <N extends string>(where: SQL | undefined, count: number, name: N) =>
      db
        .select(columns)
        .from(source.table)
        .where(and(where, source.offered, after))
        .orderBy(desc(source.createdAt), desc(source.id))
        .limit(count)
        .as(name);
    /** What a step selects of its rows: the id, the cursor's micros, the date when wrapped. */
    const pageOf = (rows: ReturnType<typeof newest<string>>) => ({
      id: rows.id,
      micros: microsOf(rows.createdAt).as('micros'),
      // The order of a page wrapped for its attachment (not sent otherwise).
      ...(this.attachment ? { createdAt: rows.createdAt } : {}),
    });
    if (step === 'recent') {
      const recent = newest(undefined, window, 'recent');
      return db
        .select(pageOf(recent))
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
      .select(pageOf(perChannel))
      .from(subscriptions)
      .crossJoinLateral(perChannel)
      .where(eq(subscriptions.subscriberId, subscriberId))
      .orderBy(desc(perChannel.createdAt), desc(perChannel.id))
      .limit(limit);
  }

  private run(
    step: 'recent' | 'channels',
    values: {
      subscriberId: string;
      limit: number;
      after: KeysetPosition | null;
      attached?: Record<string, unknown>;
    },
  ) {
    const after = values.after !== null;
    const name = `${getTableName(this.source.table)}_followed_${step}${after ? '_after' : ''}${this.attachment ? '_attached' : ''}_${values.limit}_${this.recentWindow}`;
    let statement = this.statements.get(name);
    if (!statement && this.statements.size < namedStatementsPerFeed) {
      statement = this.query(step, after, values.limit).prepare(name);
      this.statements.set(name, statement);
    }
    const placeholders = {
      ...values.attached,
      subscriberId: values.subscriberId,
      micros: values.after?.micros ?? null,
      cursorId: values.after?.id ?? null,
    };
    return statement
      ? statement.execute(placeholders)
      : this.query(step, after, values.limit).execute(placeholders);
  }

  /**
   * A page's ids and positions, each with what the attachment reads of it (if any; `attached`
   * are its placeholders' values).
   */
  async page(input: {
    subscriberId: string;
    limit: number;
    after: KeysetPosition | null;
    attached?: Record<string, unknown>;
  }): Promise<{ id: string; position: KeysetPosition; attached?: Record<string, unknown> }[]> {
    const fromRecent = await this.run('recent', input);
    if (fromRecent.length === input.limit) return fromRecent.map(positionOf);
    return (await this.run('channels', input)).map(positionOf);
  }
}

/** A found row's id and position; an attached row's columns as `attached`. */
function positionOf(row: Record<string, unknown>): {
  id: string;
  position: KeysetPosition;
  attached?: Record<string, unknown>;
} {
  if ('followedId' in row) {
    const { followedId, followedMicros, ...attached } = row as Record<string, unknown> & {
      followedId: string;
      followedMicros: string;
    };
    return { id: followedId, position: { micros: followedMicros, id: followedId }, attached };
  }
  const { id, micros } = row as { id: string; micros: string };
  return { id, position: { micros, id } };
}
