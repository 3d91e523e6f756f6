export { ConversationsRepository } from './conversations.repository';
export { ConversationsService } from './conversations.service';
export { MessageRequestsRepository } from './message-requests.repository';
export { MessageRequestsService, requestsPerHour } from './message-requests.service';
export { MessageSafetyRepository } from './message-safety.repository';
export { MessageSafetyService } from './message-safety.service';
export { MessagesRepository } from './messages.repository';
export { MessagesService, messagesPerMinute, messagesTooFast } from './messages.service';
export type { Messaging } from './messaging';
export { registerMessageRoutes } from './messages.routes';
export { registerMessageSockets } from './messages.sockets';
export { isConversationMember } from './messages.policy';
export { blockedBetween } from './messaging.sql';
export {
  conversationRoom,
  deliverMessagingEvents,
  userRoom,
  type Deliver,
  type Room,
} from './messages.deliveries';
