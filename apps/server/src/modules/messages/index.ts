export { MessagesRepository } from './messages.repository';
export {
  MessagesService,
  messagesPerMinute,
  messagesTooFast,
  requestsPerHour,
} from './messages.service';
export { registerMessageRoutes } from './messages.routes';
export { registerMessageSockets } from './messages.sockets';
export { isConversationMember } from './messages.policy';
export {
  conversationRoom,
  deliverMessagingEvents,
  userRoom,
  type Deliver,
  type Room,
} from './messages.deliveries';
