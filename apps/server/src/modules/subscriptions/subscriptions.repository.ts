import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client';
import { preparedRows } from '../../platform/db/prepared-sql';
import { FollowedFeed } from '../../platform/db/followed-feed';
import type { KeysetPosition } from '../../platform/db/keyset';
import { publishedVideos, subscriptions, users, videos } from '../../platform/db/schema';
import { userExists } from '../users';
import { videoCardColumns, videosVisibleTo, type VideoCardRow } from '../videos';

export interface PersonRow {
  id: string;
  username: string;
  fullname: string;
  avatarKey: string | null;
  subscribersCount: number;
  subscribedAt: Date;
}

export class SubscriptionsRepository {
  private readonly followed: FollowedFeed;

  constructor(
    private readonly db: Database,
    /** How many of the site's newest videos the feed looks through first (decision 0020). */
    recentWindow = 1000,
    /** Where writes go (decision 0059): connections no read waits for; `db` on PGlite. */
    private readonly writes: Database = db,
  ) {
    this.followed = new FollowedFeed(
      db,
      // What a visitor sees, kept apart from the videos' rows (migration 0034, decision 0059).
      {
        table: publishedVideos,
        id: publishedVideos.videoId,
        ownerId: publishedVideos.ownerId,
        createdAt: publishedVideos.createdAt,
      },
      recentWindow,
      // Each video's card read with its id (decision 0062): a page is one round trip. What a
      // visitor sees, as the cards by ids were (`getVisibleVideos` for no viewer).
      {
        columns: videoCardColumns(sql`${sql.placeholder('urlPrefix')}`),
        join: (page, id: AnyPgColumn) =>
          page
            .leftJoin(videos, and(eq(videos.id, id), videosVisibleTo(null)))
            .leftJoin(users, eq(users.id, videos.ownerId)),
      },
    );
  }

  /**
   * Subscribes or unsubscribes, moving the channel's counter with the row: a subscription is
   * one statement, taking it back two, each writing the row and the count together (no
   * transaction held open across round trips, so the channel's row is locked for one statement
   * at a time). Only a row this statement added or removed moves the count.
   */
  async toggle(
    subscriberId: string,
    channelId: string,
  ): Promise<{ isSubscribed: boolean; subscriberCount: number } | null> {
    this.addStatement ??= this.prepareAdd();
    const [added] = await this.addStatement({ subscriberId, channelId });
    if (!added?.channel) return null;
    if (added.subscriber_count !== null) {
      return { isSubscribed: true, subscriberCount: Number(added.subscriber_count) };
    }
    // Subscribed already: take it back. A concurrent toggle may have removed it first.
    this.removeStatement ??= this.prepareRemove();
    const [removed] = await this.removeStatement({ subscriberId, channelId });
    const count = removed?.subscriber_count ?? removed?.current ?? null;
    return count === null ? null : { isSubscribed: false, subscriberCount: Number(count) };
  }

  /** The two statements of a toggle, named prepared statements (decision 0063). */
  private prepareAdd() {
    const subscriberId = sql`${sql.placeholder('subscriberId')}::uuid`;
    const channelId = sql`${sql.placeholder('channelId')}::uuid`;
    return preparedRows<
      { channel: boolean; subscriber_count: number | null },
      { subscriberId: string; channelId: string }
    >(
      this.writes,
      'subscriptions_add',
      sql`with channel as (
            select ${users.id} as id from ${users} where ${users.id} = ${channelId}
          ), added as (
            insert into ${subscriptions} (subscriber_id, channel_id)
            select ${subscriberId}, id from channel
            on conflict do nothing
            returning channel_id
          ), counted as (
            update ${users} set subscribers_count = ${users.subscribersCount} + 1
            where ${users.id} in (select channel_id from added)
            returning ${users.subscribersCount} as subscriber_count
          )
          select exists (select 1 from channel) as channel,
            (select subscriber_count from counted) as subscriber_count`,
    );
  }
  private addStatement: ReturnType<SubscriptionsRepository['prepareAdd']> | undefined;

  private prepareRemove() {
    const subscriberId = sql`${sql.placeholder('subscriberId')}::uuid`;
    const channelId = sql`${sql.placeholder('channelId')}::uuid`;
    return preparedRows<
      { subscriber_count: number | null; current: number | null },
      { subscriberId: string; channelId: string }
    >(
      this.writes,
      'subscriptions_remove',
      sql`with removed as (
            delete from ${subscriptions}
            where ${subscriptions.subscriberId} = ${subscriberId}
              and ${subscriptions.channelId} = ${channelId}
            returning channel_id
          ), counted as (
            update ${users} set subscribers_count = ${users.subscribersCount} - 1
            where ${users.id} in (select channel_id from removed)
            returning ${users.subscribersCount} as subscriber_count
          )
          select (select subscriber_count from counted) as subscriber_count,
            (select ${users.subscribersCount} from ${users} where ${users.id} = ${channelId}) as current`,
    );
  }
  private removeStatement: ReturnType<SubscriptionsRepository['prepareRemove']> | undefined;

  async status(
    subscriberId: string | null,
    channelId: string,
  ): Promise<{ isSubscribed: boolean; subscriberCount: number } | null> {
    const [row] = await this.db
      .select({ subscriberCount: users.subscribersCount, subscribedAt: subscriptions.createdAt })
      .from(users)
      .leftJoin(
        subscriptions,
        and(
          eq(subscriptions.channelId, users.id),
          subscriberId ? eq(subscriptions.subscriberId, subscriberId) : sql`false`,
        ),
      )
      .where(eq(users.id, channelId))
      .limit(1);
    return row
      ? { isSubscribed: row.subscribedAt !== null, subscriberCount: row.subscriberCount }
      : null;
  }

  /** The people on one side of a channel's subscriptions, newest first. */
  private listPeople(
    side: 'subscribers' | 'channels',
    userId: string,
    page: number,
    limit: number,
  ) {
    const [person, anchor] =
      side === 'subscribers'
        ? [subscriptions.subscriberId, subscriptions.channelId]
        : [subscriptions.channelId, subscriptions.subscriberId];
    return this.db
      .select({
        id: users.id,
        username: users.username,
        fullname: users.fullname,
        avatarKey: users.avatarKey,
        subscribersCount: users.subscribersCount,
        subscribedAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, person))
      .where(eq(anchor, userId))
      .orderBy(desc(subscriptions.createdAt))
      .limit(limit)
      .offset((page - 1) * limit);
  }

  async subscribers(channelId: string, page: number, limit: number): Promise<PersonRow[]> {
    return this.listPeople('subscribers', channelId, page, limit);
  }

  async channels(subscriberId: string, page: number, limit: number): Promise<PersonRow[]> {
    return this.listPeople('channels', subscriberId, page, limit);
  }

  async userExists(id: string): Promise<boolean> {
    return userExists(this.db, id);
  }

  /**
   * The newest published videos of the channels `subscriberId` follows, after `after`, in two
   * steps that give the same answer (decision 0020):
   * 1. the newest `recentWindow` published videos of the whole site after `after` (one range of
   *    `published_videos` by date, index-only: decision 0059), kept when their channel is
   *    followed. For someone who follows many channels this fills the page at once.
   * 2. otherwise, each followed channel's newest `limit` from its own range of
   *    `published_videos` by owner, the newest `limit` of those winning: bounded work for a
   *    person whose channels post rarely, whatever the rest of the site publishes.
   * Step 1 is exact when it fills the page: its rows are a prefix of the site's order, so no
   * followed video newer than its last can be outside it. Drafts are never offered, to their
   * owner neither: a feed shows what a visitor sees. Each step's statement reads the cards of
   * the videos it finds too (decision 0062).
   */
  async videoFeed(input: {
    subscriberId: string;
    limit: number;
    after: KeysetPosition | null;
    /** The cards' URL prefix (`cardUrlPrefix`). */
    urlPrefix: string;
  }): Promise<{ id: string; position: KeysetPosition; card: VideoCardRow | null }[]> {
    const { urlPrefix, ...page } = input;
    const rows = await this.followed.page({ ...page, attached: { urlPrefix } });
    return rows.map(({ id, position, attached }) => {
      // A video unpublished, hidden or deleted since it was found has no card: left out.
      const card = attached as VideoCardRow | undefined;
      return { id, position, card: card?.id ? card : null };
    });
  }
}
