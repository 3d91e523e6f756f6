/**
 * Pushes a person's unread count to their private room (decision 0035). `notifications.changed`
 * reaches every API process (the event relay), and each tells only its own sockets, so a count
 * changed by a job in a worker process reaches the bell as well, once.
 */
import type { ServerSocketEvents } from '@kinora/contract';
import type { DomainEvents } from '../../platform/events/domain-events';

export type DeliverLocally = (
  userIds: string[],
  event: 'notifications_changed',
  payload: ServerSocketEvents['notifications_changed'],
) => void;

export function deliverNotificationCounts(
  events: DomainEvents,
  deliverLocally: DeliverLocally,
): () => void {
  return events.onAnyProcess('notifications.changed', ({ userIds, unreadCount }) =>
    deliverLocally(userIds, 'notifications_changed', { unreadCount }),
  );
}
