export { MessagesRepository } from './messages.repository';
export { MessagesService, requestsPerHour } from './messages.service';
export { registerMessageRoutes } from './messages.routes';
export { isConversationMember } from './messages.policy';
