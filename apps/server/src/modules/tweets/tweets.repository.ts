import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from '../../platform/db/client';
import type { CreationWindow, LimitedInsert } from '../../platform/db/creation-limit';
import { FollowedFeed } from '../../platform/db/followed-feed';
import { preparedRows } from '../../platform/db/prepared-sql';
import type { KeysetPosition } from '../../platform/db/keyset';
import { likes, tweets, users } from '../../platform/db/schema';
import { editedText } from '../../platform/db/watched-words';
import { tweetsVisibleTo } from './tweets.policy';
import { userExists } from '../users';
import { unknownUsernames } from '../users';

export interface TweetRecord {
  id: string;
  ownerId: string;
  content: string;
  createdAt: Date;
  editedAt: Date | null;
  likesCount: number;
  likeId: string | null;
  owner: { id: string; username: string; fullname: string; avatarKey: string | null };
  /** Moderation (decision 0038): hidden by a moderator, or held for a watched word. */
  hiddenAt: Date | null;
  hiddenReason: string | null;
  heldAt: Date | null;
}

/** A followed channel that has tweets, with its newest tweet. */
export interface TweetChannelRecord {
  id: string;
  username: string;
  fullname: string;
  avatarKey: string | null;
  latestTweet: { id: string; content: string; createdAt: Date };
}

export interface TweetListFilter {
  ownerId?: string;
  viewerId: string | null;
  page: number;
  limit: number;
  sortBy: 'createdAt' | 'likesCount';
  sortType: 'asc' | 'desc';
}

/** A tweet's record: its owner, and whether the reader likes it (`likes` joined for them). */
const recordColumns = {
  id: tweets.id,
  ownerId: tweets.ownerId,
  content: tweets.content,
  createdAt: tweets.createdAt,
  editedAt: tweets.editedAt,
  likesCount: tweets.likesCount,
  likeId: likes.id,
  owner: {
    id: users.id,
    username: users.username,
    fullname: users.fullname,
    avatarKey: users.avatarKey,
  },
  hiddenAt: tweets.hiddenAt,
  hiddenReason: tweets.hiddenReason,
  heldAt: tweets.heldAt,
};

/** Counting stops here: a page count past it is not worth a full scan of every tweet. */
export const tweetTotalCap = 10_000;

export class TweetsRepository {
  constructor(
    private readonly db: Database,
    /** How many of the site's newest tweets the feed looks through first (decision 0020). */
    private readonly recentWindow = 1000,
    /** Where writes go (decision 0059): connections no read waits for; `db` on PGlite. */
    private readonly writes: Database = db,
  ) {}

  /** Of these lower-case usernames, the ones no account holds. */
  unknownUsernames(usernames: string[]): Promise<string[]> {
    return unknownUsernames(this.db, usernames);
  }

  /** Tweets with their owners and whether the viewer likes each (no viewer: none liked). */
  private selectRecords(viewerId: string | null, db: Database = this.db) {
    return db
      .select(recordColumns)
      .from(tweets)
      .innerJoin(users, and(eq(users.id, tweets.ownerId), tweetsVisibleTo(viewerId)))
      .leftJoin(
        likes,
        and(eq(likes.tweetId, tweets.id), viewerId ? eq(likes.userId, viewerId) : sql`false`),
      );
  }

  async findRecord(id: string, viewerId: string | null): Promise<TweetRecord | null> {
    const [row] = await this.selectRecords(viewerId).where(eq(tweets.id, id)).limit(1);
    return row ?? null;
  }

  /** A tweet just written, read back for the write's answer where the write went. */
  async findWritten(id: string, viewerId: string): Promise<TweetRecord | null> {
    const [row] = await this.selectRecords(viewerId, this.writes).where(eq(tweets.id, id)).limit(1);
    return row ?? null;
  }

  /** What the policy needs to know of a tweet. */
  async findOwner(id: string): Promise<{ id: string; ownerId: string } | null> {
    const [row] = await this.db
      .select({ id: tweets.id, ownerId: tweets.ownerId })
      .from(tweets)
      .where(eq(tweets.id, id))
      .limit(1);
    return row ?? null;
  }

  async list(filter: TweetListFilter): Promise<{ records: TweetRecord[]; total: number }> {
    const where = filter.ownerId ? eq(tweets.ownerId, filter.ownerId) : undefined;
    const counted = and(where, tweetsVisibleTo(filter.viewerId));
    const direction = filter.sortType === 'asc' ? asc : desc;
    const order: SQL[] =
      filter.sortBy === 'likesCount'
        ? [direction(tweets.likesCount), direction(tweets.createdAt), direction(tweets.id)]
        : [direction(tweets.createdAt), direction(tweets.id)];
    const capped = this.db
      .select({ one: sql`1` })
      .from(tweets)
      .where(counted)
      .limit(tweetTotalCap)
      .as('capped');
    const [records, [totals]] = await Promise.all([
      this.selectRecords(filter.viewerId)
        .where(where)
        .orderBy(...order)
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit),
      this.db.select({ total: count() }).from(capped),
    ]);
    return { records, total: totals?.total ?? 0 };
  }

  /**
   * The newest tweets of the channels `subscriberId` follows, after `after`, in the two steps
   * of the subscriptions feed (decision 0020): the site's newest `recentWindow` tweets kept
   * when their channel is followed, exact when they fill the page; otherwise each followed
   * channel's newest `limit` from its own index range (owner, created_at, id), the newest
   * `limit` of those winning. Bounded work however many channels one follows.
   */
  private followed: FollowedFeed | undefined;

  async feed(input: {
    subscriberId: string;
    limit: number;
    after: KeysetPosition | null;
  }): Promise<{ id: string; position: KeysetPosition; record: TweetRecord | null }[]> {
    const reader = sql.placeholder('subscriberId');
    this.followed ??= new FollowedFeed(
      this.db,
      { table: tweets, id: tweets.id, ownerId: tweets.ownerId, createdAt: tweets.createdAt },
      this.recentWindow,
      // Each tweet's record read with its id (decision 0062), as the listings read it for the
      // subscriber (`selectRecords`): a page is one round trip.
      {
        columns: recordColumns,
        join: (page, id: AnyPgColumn) =>
          page
            .leftJoin(tweets, eq(tweets.id, id))
            .leftJoin(users, and(eq(users.id, tweets.ownerId), tweetsVisibleTo(reader)))
            .leftJoin(likes, and(eq(likes.tweetId, tweets.id), eq(likes.userId, reader))),
      },
    );
    const rows = await this.followed.page(input);
    return rows.map(({ id, position, attached }) => {
      // A tweet deleted, or hidden from the reader, since it was found has no owner: left out.
      const found = attached as { owner: { id: string | null } | null } | undefined;
      return {
        id,
        position,
        record: found?.owner?.id ? (attached as unknown as TweetRecord) : null,
      };
    });
  }

  /**
   * The channels `subscriberId` follows that have tweets, the most recently tweeting first,
   * each with its newest tweet: the subscriber's range of the subscriptions key, and for each
   * channel one step into its (owner, created_at, id) index; channels without tweets drop out.
   */
  async followedChannelsWithTweets(input: {
    subscriberId: string;
    limit: number;
    offset: number;
  }): Promise<TweetChannelRecord[]> {
    const rows = await queryRows<{
      id: string;
      username: string;
      fullname: string;
      avatar_key: string | null;
      tweet_id: string;
      content: string;
      created_at: Date | string;
    }>(
      this.db,
      sql`
        select u.id, u.username, u.fullname, u.avatar_key,
               t.id as tweet_id, t.content, t.created_at
        from subscriptions s
        join users u on u.id = s.channel_id
        cross join lateral (
          select id, content, created_at from tweets
          where owner_id = s.channel_id and hidden_at is null and held_at is null
          order by created_at desc, id desc
          limit 1
        ) t
        where s.subscriber_id = ${input.subscriberId}
        order by t.created_at desc, t.id desc
        limit ${input.limit} offset ${input.offset}
      `,
    );
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      fullname: r.fullname,
      avatarKey: r.avatar_key,
      latestTweet: { id: r.tweet_id, content: r.content, createdAt: new Date(r.created_at) },
    }));
  }

  /**
   * Posts a tweet unless its owner created `window.max` in the window, and answers it as
   * `findWritten` would: one call (`tweets_create_within_limit`, migration 0038: the creation
   * limit's per-person lock, the count after it and the insert) with the owner read beside it,
   * a named prepared statement (decision 0063). Over the limit, how long until the oldest of
   * the window leaves it.
   */
  async insert(
    input: { ownerId: string; content: string },
    window: CreationWindow,
  ): Promise<LimitedInsert<TweetRecord>> {
    this.insertStatement ??= this.prepareInsert();
    const [row] = await this.insertStatement({
      ownerId: input.ownerId,
      content: input.content,
      max: window.max,
      windowSeconds: window.windowSeconds,
    });
    if (!row?.id) {
      const oldest = row?.oldest ? timeOf(row.oldest) : null;
      const leavesAt = (oldest?.getTime() ?? Date.now()) + window.windowSeconds * 1000;
      return { retryAfterSeconds: Math.max(1, Math.ceil((leavesAt - Date.now()) / 1000)) };
    }
    return {
      created: {
        id: row.id,
        ownerId: input.ownerId,
        content: input.content,
        createdAt: timeOf(row.created_at),
        editedAt: timeOrNull(row.edited_at),
        likesCount: row.likes_count!,
        // Nobody has liked it yet.
        likeId: null,
        owner: {
          id: input.ownerId,
          username: row.username!,
          fullname: row.fullname!,
          avatarKey: row.avatar_key,
        },
        hiddenAt: timeOrNull(row.hidden_at),
        hiddenReason: row.hidden_reason,
        heldAt: timeOrNull(row.held_at),
      },
    };
  }
  private prepareInsert() {
    return preparedRows<
      {
        id: string | null;
        created_at: unknown;
        edited_at: unknown;
        likes_count: number | null;
        hidden_at: unknown;
        hidden_reason: string | null;
        held_at: unknown;
        oldest: unknown;
        username: string | null;
        fullname: string | null;
        avatar_key: string | null;
      },
      { ownerId: string; content: string; max: number; windowSeconds: number }
    >(
      this.writes,
      'tweets_create_within_limit',
      sql`select c.id, c.created_at, c.edited_at, c.likes_count, c.hidden_at, c.hidden_reason,
            c.held_at, c.oldest, ${users.username} as username, ${users.fullname} as fullname,
            ${users.avatarKey} as avatar_key
          from tweets_create_within_limit(${sql.placeholder('ownerId')}::uuid,
            ${sql.placeholder('content')}::text, ${sql.placeholder('max')}::int,
            ${sql.placeholder('windowSeconds')}::int) c
          left join ${users} on ${users.id} = ${sql.placeholder('ownerId')}::uuid and c.id is not null`,
    );
  }
  private insertStatement: ReturnType<TweetsRepository['prepareInsert']> | undefined;

  async updateContent(id: string, content: string): Promise<void> {
    await this.db.update(tweets).set(editedText(content)).where(eq(tweets.id, id));
  }

  /** Its likes go with it (the foreign key cascades). */
  async delete(id: string): Promise<void> {
    await this.db.delete(tweets).where(eq(tweets.id, id));
  }

  async userExists(id: string): Promise<boolean> {
    return userExists(this.db, id);
  }
}

/** A time as drizzle maps the column (a prepared statement's rows carry them as text). */
const timeOf = (value: unknown): Date =>
  tweets.createdAt.mapFromDriverValue(value as string) as Date;
const timeOrNull = (value: unknown): Date | null => (value === null ? null : timeOf(value));
