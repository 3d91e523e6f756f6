import { endpoints } from '@kinora/contract';
import type { Router } from '../../platform/http/router';
import type { Messaging } from './messaging';

/** Thin handlers: the contract validates, the service decides and presents. */
export function registerMessageRoutes(
  router: Router,
  { requests, conversations, messages, safety }: Messaging,
): void {
  router.route(endpoints.sendMessageRequest, {
    handler: ({ body, actor }) => requests.sendRequest({ actor, ...body }),
  });
  router.route(endpoints.checkMessageRequest, {
    handler: ({ params, actor }) => requests.checkRequest({ actor, receiverId: params.receiverId }),
  });
  router.route(endpoints.listMessageRequests, {
    handler: ({ actor }) => requests.listRequests({ actor }),
  });
  router.route(endpoints.respondToMessageRequest, {
    handler: ({ params, body, actor }) =>
      requests.respondToRequest({ actor, requestId: params.id, action: body.action }),
  });
  router.route(endpoints.listConversations, {
    handler: ({ actor }) => conversations.listConversations({ actor }),
  });
  router.route(endpoints.conversationMessages, {
    handler: ({ params, query, actor }) =>
      messages.listMessages({ actor, conversationId: params.id, ...query }),
  });
  router.route(endpoints.sendMessage, {
    handler: ({ params, body, actor }) =>
      messages.sendMessage({ actor, conversationId: params.id, content: body.content }),
  });
  router.route(endpoints.markConversationRead, {
    handler: ({ params, actor }) => conversations.markRead({ actor, conversationId: params.id }),
  });
  router.route(endpoints.reportConversation, {
    handler: ({ params, body, actor }) =>
      safety.reportConversation({ actor, conversationId: params.id, reason: body.reason }),
  });
  router.route(endpoints.blockUser, {
    handler: ({ params, actor }) => safety.block({ actor, userId: params.userId }),
  });
  router.route(endpoints.unblockUser, {
    handler: ({ params, actor }) => safety.unblock({ actor, userId: params.userId }),
  });
  router.route(endpoints.listBlockedUsers, {
    handler: ({ actor }) => safety.listBlocked({ actor }),
  });
}
