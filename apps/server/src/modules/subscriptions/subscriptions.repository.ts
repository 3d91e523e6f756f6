import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { subscriptions, users } from '../../platform/db/schema';

export interface PersonRow {
  id: string;
  username: string;
  fullname: string;
  avatarKey: string | null;
  subscribersCount: number;
  subscribedAt: Date;
}

export class SubscriptionsRepository {
  constructor(private readonly db: Database) {}

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
      if (inserted.length === 0) {
        await tx
          .delete(subscriptions)
          .where(
            and(
              eq(subscriptions.subscriberId, subscriberId),
              eq(subscriptions.channelId, channelId),
            ),
          );
        isSubscribed = false;
      }
      const [row] = await tx
        .update(users)
        .set({ subscribersCount: sql`${users.subscribersCount} + ${isSubscribed ? 1 : -1}` })
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
      .select({
        subscriberCount: users.subscribersCount,
        isSubscribed: subscriberId
          ? sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.subscriberId} = ${subscriberId} and ${subscriptions.channelId} = ${users.id})`
          : sql<boolean>`false`,
      })
      .from(users)
      .where(eq(users.id, channelId))
      .limit(1);
    return row ?? null;
  }

  async subscribers(channelId: string, page: number, limit: number): Promise<PersonRow[]> {
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
      .innerJoin(users, eq(users.id, subscriptions.subscriberId))
      .where(eq(subscriptions.channelId, channelId))
      .orderBy(desc(subscriptions.createdAt))
      .limit(limit)
      .offset((page - 1) * limit);
  }

  async channels(subscriberId: string, page: number, limit: number): Promise<PersonRow[]> {
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
      .innerJoin(users, eq(users.id, subscriptions.channelId))
      .where(eq(subscriptions.subscriberId, subscriberId))
      .orderBy(desc(subscriptions.createdAt))
      .limit(limit)
      .offset((page - 1) * limit);
  }

  async userExists(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row !== undefined;
  }
}
