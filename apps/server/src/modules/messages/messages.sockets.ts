/**
 * The chat socket's messaging events (decision 0021): joining and leaving a conversation's
 * room, the compatibility `send_message`, and the domain events delivered to rooms. The
 * realtime plumbing validates every payload against the contract before a handler runs.
 */
import type { DomainEvents } from '../../platform/events/domain-events';
import { notFound } from '../../platform/http/errors';
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
    // Members only; anyone else hears the HTTP calls' answer and joins nothing.
    if (!(await conversations.isMember({ actor: connection.actor, conversationId }))) {
      throw notFound('Conversation');
    }
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
    // as stored: the text a client sends along is never read, so nothing forged goes out.
    const message = await messages.ownStoredMessage({ actor: connection.actor, messageId: _id });
    if (!message) throw notFound('Message');
    let ids = announced.get(connection);
    if (!ids) announced.set(connection, (ids = new Set()));
    if (ids.has(message._id)) return;
    if (ids.size >= recentAnnouncements) ids.clear();
    ids.add(message._id);
    realtime.deliver(conversationRoom(message.conversationId), 'new_message', message);
  });
  return deliverMessagingEvents(events, conversations, (room, event, payload) =>
    realtime.deliver(room, event, payload),
  );
}
