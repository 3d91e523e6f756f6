import { endpoints } from '@kinora/contract';
import type { Router } from '../../platform/http/router';
import type { Messaging } from './messaging';

/** Thin handlers: the contract validates, the service decides and presents. */
export function registerMessageRoutes(
  router: Router,
  { requests, conversations, messages, safety }: Messaging,
): void {
  router.route(endpoints.sendMessageRequest, {
    message: 'Message request sent successfully',
    handler: ({ body, actor }) => requests.sendRequest({ actor, ...body }),
  });
  router.route(endpoints.checkMessageRequest, {
    message: 'Message request status',
    handler: ({ params, actor }) => requests.checkRequest({ actor, receiverId: params.receiverId }),
  });
  router.route(endpoints.listMessageRequests, {
    message: 'Message requests',
    handler: ({ actor }) => requests.listRequests({ actor }),
  });
  router.route(endpoints.respondToMessageRequest, {
    message: 'Message request answered',
    handler: ({ params, body, actor }) =>
      requests.respondToRequest({ actor, requestId: params.id, action: body.action }),
  });
  router.route(endpoints.listConversations, {
    message: 'Conversations',
    handler: ({ actor }) => conversations.listConversations({ actor }),
  });
  router.route(endpoints.conversationMessages, {
    message: 'Messages',
    handler: ({ params, query, actor }) =>
      messages.listMessages({ actor, conversationId: params.id, ...query }),
  });
  router.route(endpoints.sendMessage, {
    message: 'Message sent',
    handler: ({ params, body, actor }) =>
      messages.sendMessage({ actor, conversationId: params.id, content: body.content }),
  });
  router.route(endpoints.markConversationRead, {
    message: 'Conversation marked read',
    handler: ({ params, actor }) => conversations.markRead({ actor, conversationId: params.id }),
  });
  router.route(endpoints.reportConversation, {
    message: 'Conversation reported',
    handler: ({ params, body, actor }) =>
      safety.reportConversation({ actor, conversationId: params.id, reason: body.reason }),
  });
  router.route(endpoints.blockUser, {
    message: 'User blocked',
    handler: ({ params, actor }) => safety.block({ actor, userId: params.userId }),
  });
  router.route(endpoints.unblockUser, {
    message: 'User unblocked',
    handler: ({ params, actor }) => safety.unblock({ actor, userId: params.userId }),
  });
  router.route(endpoints.listBlockedUsers, {
    message: 'Blocked users',
    handler: ({ actor }) => safety.listBlocked({ actor }),
  });
}
