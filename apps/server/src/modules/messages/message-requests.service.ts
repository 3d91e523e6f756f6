import {
  messagingRefusals,
  type MessageRequest,
  type MessageRequestCheck,
  type RespondToRequestResult,
  type SentMessageRequest,
} from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import { uniqueViolation } from '../../platform/db/errors';
import type { DomainEvents } from '../../platform/events/domain-events';
import { conflict, notFound, tooManyRequests } from '../../platform/http/errors';
import type { MessageRequestsRepository } from './message-requests.repository';
import { assertCanSendRequestTo, assertNotSelf } from './messages.policy';
import { presentMessage, presentRequest, type AvatarUrl } from './messages.presenter';

/** Requests one person may send in an hour, to anyone (issue 13). */
export const requestsPerHour = 5;

/**
 * Asking a person to chat, and their answer. Every change is told as a domain event once its
 * transaction has committed (decision 0021); nothing here knows of sockets.
 */
export class MessageRequestsService {
  constructor(
    private readonly repo: MessageRequestsRepository,
    private readonly events: DomainEvents,
    private readonly avatar: AvatarUrl,
  ) {}

  /**
   * Asks a person to chat. The refusals are the issue's, in this order: a block (told first,
   * in the words of the receiver's choice, so nothing else leaks), an existing conversation, a
   * pending request, the receiver's choice, then a decline in the last 7 days or more than 5
   * requests in the hour.
   */
  async sendRequest({
    actor,
    receiverId,
    content,
  }: {
    actor: Viewer;
    receiverId: string;
    content: string;
  }): Promise<SentMessageRequest> {
    assertNotSelf(actor, receiverId, 'send a message request to');
    const senderId = actor.userId;
    const stored = await this.repo
      .asSender(senderId, async (tx) => {
        const facts = await this.repo.requestFacts(tx, senderId, receiverId);
        if (!facts) throw notFound('User');
        const audience = { receiverId, ...facts };
        // A block is told before anything else, as the same refusal as the receiver's choice.
        if (facts.isBlocked) assertCanSendRequestTo(actor, audience);
        if (facts.conversationId) {
          throw conflict('CONFLICT', messagingRefusals.conversationExists).withData({
            conversationId: facts.conversationId,
          });
        }
        if (facts.hasPending) throw conflict('CONFLICT', messagingRefusals.requestAlreadySent);
        assertCanSendRequestTo(actor, audience);
        if (facts.declinedRecently || facts.sentInLastHour >= requestsPerHour) {
          throw tooManyRequests(messagingRefusals.tooManyRequests);
        }
        return this.repo.insertRequest(tx, { senderId, receiverId, content });
      })
      .catch((error: unknown) => {
        // Two sends at once from one sender wait on its lock; this covers any other path.
        if (uniqueViolation(error) === 'message_requests_pending_pair_key') {
          throw conflict('CONFLICT', messagingRefusals.requestAlreadySent);
        }
        throw error;
      });
    const sender = await this.repo.findPerson(senderId);
    if (sender) {
      const request: MessageRequest = presentRequest(
        { id: stored.id, content, createdAt: stored.createdAt, sender },
        this.avatar,
      );
      this.events.emit('messageRequest.created', { request, receiverId });
    }
    return {
      _id: stored.id,
      receiverId,
      content,
      status: 'pending',
      createdAt: stored.createdAt.toISOString(),
    };
  }

  async checkRequest({
    actor,
    receiverId,
  }: {
    actor: Viewer;
    receiverId: string;
  }): Promise<MessageRequestCheck> {
    const standing = await this.repo.standing(actor.userId, receiverId);
    if (standing.conversationId) {
      return { status: 'accepted', conversationId: standing.conversationId };
    }
    return { status: standing.hasPending ? 'pending' : 'none', conversationId: null };
  }

  async listRequests({ actor }: { actor: Viewer }): Promise<MessageRequest[]> {
    const rows = await this.repo.pendingRequestsTo(actor.userId);
    return rows.map((row) => presentRequest(row, this.avatar));
  }

  /**
   * The receiver accepts or declines. Answering again the same way changes nothing and answers
   * the same; accepting a declined request (or the reverse) is a conflict.
   */
  async respondToRequest({
    actor,
    requestId,
    action,
  }: {
    actor: Viewer;
    requestId: string;
    action: 'accept' | 'decline';
  }): Promise<RespondToRequestResult> {
    // The repository finds the request by its receiver: anyone else is told it is not there.
    const outcome = await this.repo.respond(requestId, actor.userId, action);
    switch (outcome.kind) {
      case 'not-found':
        throw notFound('Message request');
      case 'unchanged':
        if ((outcome.status === 'accepted') !== (action === 'accept')) {
          throw conflict('CONFLICT', `This request was already ${outcome.status}`);
        }
        return { _id: requestId, status: outcome.status, conversationId: outcome.conversationId };
      case 'declined':
        this.events.emit('messageRequest.declined', {
          requestId,
          senderId: outcome.senderId,
          receiverId: actor.userId,
        });
        return { _id: requestId, status: 'declined', conversationId: null };
      case 'accepted':
        this.events.emit('messageRequest.accepted', {
          requestId,
          senderId: outcome.senderId,
          receiverId: actor.userId,
          conversationId: outcome.conversationId,
          firstMessage: presentMessage(outcome.firstMessage, actor.userId, this.avatar),
        });
        return { _id: requestId, status: 'accepted', conversationId: outcome.conversationId };
    }
  }
}
