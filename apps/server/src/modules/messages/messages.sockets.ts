/**
 * The chat socket's messaging events (decisions 0021 and 0030): joining and leaving a
 * conversation's room, the compatibility `send_message`, and the domain events delivered to
 * rooms. The realtime plumbing limits each socket's and person's events and validates every
 * payload against the contract before a handler runs; joins and announcements pass the policy
 * of posting over HTTP (members, no block between the two).
 */
import type { DomainEvents } from '../../platform/events/domain-events';
import type { Realtime, RealtimeConnection } from '../../platform/realtime/realtime';
import { conversationRoom, deliverMessagingEvents } from './messages.deliveries';
import type { Messaging } from './messaging';

/** Message ids a device's `send_message` remembers, to re-announce each once. */
const recentAnnouncements = 200;

/** Registers the handlers; answers the function that stops delivering events. */
export function registerMessageSockets(
  realtime: Realtime,
  {
    conversations,
    messages,
    events,
  }: Pick<Messaging, 'conversations' | 'messages'> & { events: DomainEvents },
): () => void {
  realtime.on('join_conversation', async (connection, conversationId) => {
    // On the terms of posting there: a stranger hears the HTTP calls' answer, either of two
    // people a block stands between is refused as a message would be; neither joins.
    await conversations.assertMayJoin({ actor: connection.actor, conversationId });
    await connection.join(conversationRoom(conversationId));
  });
  realtime.on('leave_conversation', async (connection, conversationId) => {
    await connection.leave(conversationRoom(conversationId));
  });
  // What each device has re-announced already: once per message is all compatibility needs, so
  // repeating one id cannot flood the other side (clients skip a known id anyway).
  const announced = new WeakMap<RealtimeConnection, Set<string>>();
  realtime.on('send_message', async (connection, { _id }) => {
    // The spec's client emits this after its POST. Only what this sender stored is told again,
    // as stored: the text a client sends along is never read, so nothing forged goes out; and
    // only while its sender may still post there (a block stops old messages replayed too).
    const message = await messages.messageToAnnounce({ actor: connection.actor, messageId: _id });
    let ids = announced.get(connection);
    if (!ids) announced.set(connection, (ids = new Set()));
    if (ids.has(message._id)) return;
    if (ids.size >= recentAnnouncements) ids.clear();
    ids.add(message._id);
    realtime.deliver(conversationRoom(message.conversationId), 'new_message', message);
  });
  // A block ends both people's live view of their conversation at once, on every process (the
  // adapter carries socketsLeave); a join after it is refused above.
  const stopBlocks = events.on('user.blocked', ({ blockerId, blockedId, conversationId }) => {
    if (conversationId) {
      realtime.removeFromRoom([blockerId, blockedId], conversationRoom(conversationId));
    }
  });
  const stopDeliveries = deliverMessagingEvents(events, conversations, (room, event, payload) =>
    realtime.deliver(room, event, payload),
  );
  return () => {
    stopBlocks();
    stopDeliveries();
  };
}
