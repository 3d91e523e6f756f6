import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { FollowedFeed } from '../../platform/db/followed-feed';
import type { KeysetPosition } from '../../platform/db/keyset';
import { subscriptions, users, videos } from '../../platform/db/schema';
import { userExists } from '../users';
import { videosVisibleTo } from '../videos';

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
  ) {
    this.followed = new FollowedFeed(
      db,
      {
        table: videos,
        id: videos.id,
        ownerId: videos.ownerId,
        createdAt: videos.createdAt,
        offered: videosVisibleTo(null),
      },
      recentWindow,
    );
  }

  /** Subscribes or unsubscribes, moving the channel's counter in the same transaction. */
  async toggle(
    subscriberId: string,
    channelId: string,
  ): Promise<{ isSubscribed: boolean; subscriberCount: number } | null> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(subscriptions)
        .values({ subscriberId, channelId })
        .onConflictDoNothing()
        .returning({ channelId: subscriptions.channelId });
      let isSubscribed = true;
      let change = 1;
      if (inserted.length === 0) {
        const deleted = await tx
          .delete(subscriptions)
          .where(
            and(
              eq(subscriptions.subscriberId, subscriberId),
              eq(subscriptions.channelId, channelId),
            ),
          )
          .returning({ channelId: subscriptions.channelId });
        isSubscribed = false;
        // A concurrent toggle may have removed it first: only a removed row moves the count.
        change = deleted.length === 0 ? 0 : -1;
      }
      const [row] = await tx
        .update(users)
        .set({ subscribersCount: sql`${users.subscribersCount} + ${change}` })
        .where(eq(users.id, channelId))
        .returning({ subscriberCount: users.subscribersCount });
      return row ? { isSubscribed, subscriberCount: row.subscriberCount } : null;
    });
  }

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
   *    the published-by-date index), kept when their channel is followed. For someone who
   *    follows many channels this fills the page at once.
   * 2. otherwise, each followed channel's newest `limit` from its own range of the published
   *    index by owner, the newest `limit` of those winning: bounded work for a person whose
   *    channels post rarely, whatever the rest of the site publishes.
   * Step 1 is exact when it fills the page: its rows are a prefix of the site's order, so no
   * followed video newer than its last can be outside it. Drafts are never offered, to their
   * owner neither: a feed shows what a visitor sees.
   */
  async videoFeed(input: {
    subscriberId: string;
    limit: number;
    after: KeysetPosition | null;
  }): Promise<{ id: string; position: KeysetPosition }[]> {
    return this.followed.page(input);
  }
}
