import { eq, sql } from 'drizzle-orm';
import type { NotificationKind, PushSubscriptionBody } from '@kinora/contract';
import { queryRows, type Database } from '../../platform/db/client';
import {
  insertWithinLimit,
  type CreationWindow,
  type LimitedInsert,
} from '../../platform/db/creation-limit';
import { notificationSettings, pushSubscriptions } from '../../platform/db/schema';
import type { PushTarget } from '../../platform/push/web-push-sender';

/** The browsers people asked to be sent pushes (issue 21 item 2). */
export class PushRepository {
  constructor(private readonly db: Database) {}

  /**
   * Keeps the browser's subscription for this person (a browser signed in anew moves to them),
   * unless they subscribed `window.max` browsers within the window: a subscription saved again
   * counts as new (its `created_at` moves), so a loop of re-subscriptions is held too.
   */
  async save(
    userId: string,
    subscription: PushSubscriptionBody,
    window: CreationWindow,
  ): Promise<LimitedInsert<true>> {
    return insertWithinLimit(this.db, {
      lockKey: `push_subscriptions:${userId}`,
      window,
      rows: {
        table: pushSubscriptions,
        theirs: eq(pushSubscriptions.userId, userId),
      },
      insert: async (tx) => {
        await tx
          .insert(pushSubscriptions)
          .values({
            userId,
            endpoint: subscription.endpoint,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
          })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: {
              userId,
              p256dh: subscription.keys.p256dh,
              auth: subscription.keys.auth,
              createdAt: sql`now()`,
            },
          });
        return true as const;
      },
    });
  }

  /** Removes the person's own subscription at `endpoint`; answers whether there was one. */
  async remove(userId: string, endpoint: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`delete from ${pushSubscriptions}
          where ${pushSubscriptions.userId} = ${userId} and ${pushSubscriptions.endpoint} = ${endpoint}
          returning ${pushSubscriptions.id} as id`,
    );
    return rows.length > 0;
  }

  /** A subscription the push service no longer knows. */
  async forget(endpoint: string): Promise<void> {
    await this.db.execute(
      sql`delete from ${pushSubscriptions} where ${pushSubscriptions.endpoint} = ${endpoint}`,
    );
  }

  /** The browsers of these people who want pushes of this kind. */
  async targets(
    userIds: readonly string[],
    kind: NotificationKind,
  ): Promise<(PushTarget & { userId: string })[]> {
    if (userIds.length === 0) return [];
    const rows = await queryRows<PushTarget & { user_id: string }>(
      this.db,
      sql`select s.user_id, s.endpoint, s.p256dh, s.auth
          from ${pushSubscriptions} s
          join ${notificationSettings} ns on ns.user_id = s.user_id and ns.kind = ${kind} and ns.push
          where s.user_id = any(${`{${userIds.join(',')}}`}::uuid[])`,
    );
    return rows.map((row) => ({
      userId: row.user_id,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
    }));
  }
}
