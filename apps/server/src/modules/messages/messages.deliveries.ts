/**
 * What each messaging event means to sockets: which room hears which server event (decision
 * 0021). The socket layer passes its own `deliver` (`io.to(room).emit(event, payload)`); this
 * module decides rooms and payloads, all of them shaped by the contract's socket schemas.
 */
import type { ServerSocketEvents } from '@kinora/contract';
import type { DomainEvents } from '../../platform/events/domain-events';
import type { ConversationsService } from './conversations.service';

/** A person's private room (requests, unread counts) or a conversation's room (its messages). */
export type Room = `user:${string}` | `conversation:${string}`;
export const userRoom = (userId: string): Room => `user:${userId}`;
export const conversationRoom = (conversationId: string): Room => `conversation:${conversationId}`;

export type Deliver = <E extends keyof ServerSocketEvents>(
  room: Room,
  event: E,
  payload: ServerSocketEvents[E],
) => void;

/** Listens to messaging's domain events and delivers them; answers the function that stops. */
export function deliverMessagingEvents(
  events: DomainEvents,
  conversations: ConversationsService,
  deliver: Deliver,
): () => void {
  const unreadCount = (userId: string, conversationId: string, unread: number, total: number) =>
    deliver(userRoom(userId), 'unread_count', { total, conversationId, unreadCount: unread });
  const stops = [
    events.on('messageRequest.created', ({ request, receiverId }) =>
      deliver(userRoom(receiverId), 'message_request', request),
    ),
    events.on('messageRequest.accepted', ({ requestId, senderId, conversationId }) =>
      deliver(userRoom(senderId), 'request_accepted', { requestId, conversationId }),
    ),
    events.on('message.sent', ({ message, recipients }) => {
      // Only the server announces a message, from what it stored.
      deliver(conversationRoom(message.conversationId), 'new_message', message);
      for (const recipient of recipients) {
        unreadCount(
          recipient.userId,
          message.conversationId,
          recipient.unreadCount,
          recipient.unreadTotal,
        );
      }
    }),
    // A read on one device clears the badge on the others.
    events.on('conversation.read', async ({ conversationId, userId }) =>
      unreadCount(userId, conversationId, 0, await conversations.unreadTotal({ userId })),
    ),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
