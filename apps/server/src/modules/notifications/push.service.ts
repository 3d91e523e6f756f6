import {
  notificationExcerpt,
  notificationLink,
  notificationSentence,
  type NotificationKind,
  type PushMessage,
  type PushSubscriptionBody,
} from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import { badRequest, notFound } from '../../platform/http/errors';
import { isKnownPushService, type PushSender } from '../../platform/push/web-push-sender';
import { rateLimited } from '../../platform/rate-limit/failure-budget';
import type { Storage } from '../../platform/storage/storage';
import { presentNotification } from './notifications.presenter';
import type { NotificationsRepository } from './notifications.repository';
import type { NotificationPushes } from './notifications.service';
import type { PushRepository } from './push.repository';

/** Browsers one person may subscribe (or subscribe again) in an hour. */
export const pushSubscriptionsPerHour = { max: 20, windowSeconds: 3600 };
export const pushSubscriptionsTooFast = 'You are turning on pushes too often';

/**
 * Web push (issue 21 item 2, decision 0035): a person subscribes each browser; a new entry of a
 * kind they want as a push is sent, as the app words it, to each of their browsers. The service
 * worker shows it only when no tab of the site is visible (the bell shows it otherwise).
 */
export class PushService implements NotificationPushes {
  constructor(
    private readonly repo: PushRepository,
    private readonly notifications: NotificationsRepository,
    private readonly sender: PushSender,
    private readonly storage: Storage,
    private readonly options: { publicKey: string; services: readonly string[] },
  ) {}

  publicKey(): { publicKey: string } {
    return { publicKey: this.options.publicKey };
  }

  async subscribe({ actor, subscription }: { actor: Viewer; subscription: PushSubscriptionBody }) {
    if (!isKnownPushService(subscription.endpoint, this.options.services)) {
      throw badRequest('This push service is not one Kinora sends to', [
        { field: 'endpoint', message: 'endpoint must be on a known push service' },
      ]);
    }
    const saved = await this.repo.save(actor.userId, subscription, pushSubscriptionsPerHour);
    if ('retryAfterSeconds' in saved) {
      throw rateLimited(pushSubscriptionsTooFast, saved.retryAfterSeconds * 1000);
    }
    return { subscribed: true };
  }

  async unsubscribe({ actor, endpoint }: { actor: Viewer; endpoint: string }) {
    // Another person's browser is not there for the caller.
    if (!(await this.repo.remove(actor.userId, endpoint))) throw notFound('Push subscription');
    return { subscribed: false };
  }

  async deliver(userIds: readonly string[], kind: NotificationKind, groupKey: string) {
    const targets = await this.repo.targets(userIds, kind);
    const byPerson = new Map<string, typeof targets>();
    for (const target of targets) {
      byPerson.set(target.userId, [...(byPerson.get(target.userId) ?? []), target]);
    }
    // Each person's entry as they see it, one statement for the batch: none for one who may no
    // longer see what it is about.
    const entries = await this.notifications.entriesOf([...byPerson.keys()], groupKey);
    for (const [userId, browsers] of byPerson) {
      const row = entries.get(userId);
      if (!row) continue;
      const entry = presentNotification(row, this.storage);
      const message: PushMessage = {
        title: notificationSentence(entry),
        body: notificationExcerpt(entry) ?? '',
        url: notificationLink(entry),
        tag: entry._id,
        icon: entry.actor.avatar,
      };
      for (const browser of browsers) {
        if ((await this.sender.send(browser, JSON.stringify(message))) === 'gone') {
          await this.repo.forget(browser.endpoint);
        }
      }
    }
  }
}
