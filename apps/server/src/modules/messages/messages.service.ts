import {
  messagingRefusals,
  type BlockedUser,
  type Conversation,
  type ConversationReport,
  type Message,
  type MessageRequest,
  type MessageRequestCheck,
  type RespondToRequestResult,
  type SentMessageRequest,
} from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import { uniqueViolation } from '../../platform/db/errors';
import type { DomainEvents } from '../../platform/events/domain-events';
import { conflict, forbidden, notFound, tooManyRequests } from '../../platform/http/errors';
import {
  assertCanSendRequestTo,
  assertConversationMember,
  assertNotSelf,
  isConversationMember,
  messageRefused,
} from './messages.policy';
import {
  presentBlockedUser,
  presentConversation,
  presentMessage,
  presentRequest,
  type AvatarUrl,
} from './messages.presenter';
import type { MessagesRepository } from './messages.repository';

/** Requests one person may send in an hour, to anyone (issue 13). */
export const requestsPerHour = 5;
/** Messages one person may send in a minute, over all conversations: a brake on flooding. */
export const messagesPerMinute = 60;
export const messagesTooFast = 'You are sending messages too fast. Wait a moment.';
/** Messages a report keeps for moderators (issue 13). */
export const reportKeepsMessages = 50;

/**
 * Message requests, conversations and blocks. Every change is told as a domain event once its
 * transaction has committed (decision 0021); nothing here knows of sockets.
 */
export class MessagesService {
  constructor(
    private readonly repo: MessagesRepository,
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

  async listConversations({ actor }: { actor: Viewer }): Promise<Conversation[]> {
    const rows = await this.repo.conversationsOf(actor.userId);
    return rows.map((row) => presentConversation(row, this.avatar));
  }

  /** The members of a conversation the actor belongs to; 404 for anyone else. */
  private async membersFor(actor: Viewer, conversationId: string): Promise<string[]> {
    const memberIds = await this.repo.memberIds(conversationId);
    assertConversationMember(actor, memberIds);
    return memberIds;
  }

  private static otherOf(memberIds: string[], userId: string): string {
    return memberIds.find((id) => id !== userId) ?? userId;
  }

  async listMessages({
    actor,
    conversationId,
    before,
    limit,
  }: {
    actor: Viewer;
    conversationId: string;
    before?: string | undefined;
    limit: number;
  }): Promise<Message[]> {
    const memberIds = await this.membersFor(actor, conversationId);
    const rows = await this.repo.listMessages(conversationId, { before, limit });
    return rows.map((row) =>
      presentMessage(row, MessagesService.otherOf(memberIds, row.sender.id), this.avatar),
    );
  }

  /** Stores a message of a member; while either blocks the other, nothing is sent. */
  async sendMessage({
    actor,
    conversationId,
    content,
  }: {
    actor: Viewer;
    conversationId: string;
    content: string;
  }): Promise<Message> {
    // The chat's hot path: what decides is read in one statement, the message stored in one.
    const facts = await this.repo.sendingFacts(conversationId, actor.userId, 60);
    assertConversationMember(actor, facts.memberIds);
    const recipientId = MessagesService.otherOf(facts.memberIds, actor.userId);
    if (facts.isBlocked) throw forbidden(messageRefused);
    // Counted from the stored messages, so every API process applies the same limit.
    if (facts.sentRecently >= messagesPerMinute) throw tooManyRequests(messagesTooFast);
    const { message, recipients } = await this.repo.sendMessage({
      conversationId,
      senderId: actor.userId,
      content,
    });
    const presented = presentMessage(message, recipientId, this.avatar);
    this.events.emit('message.sent', { message: presented, recipients });
    return presented;
  }

  /** Whether the actor belongs to the conversation: the socket joins its room only then. */
  async isMember({
    actor,
    conversationId,
  }: {
    actor: Viewer;
    conversationId: string;
  }): Promise<boolean> {
    return isConversationMember(actor, await this.repo.memberIds(conversationId));
  }

  /**
   * A message the actor stored, in a conversation they still belong to, as it was stored; null
   * for anyone else's or an unknown id. The socket's `send_message` re-announces only this.
   */
  async ownStoredMessage({
    actor,
    messageId,
  }: {
    actor: Viewer;
    messageId: string;
  }): Promise<Message | null> {
    const row = await this.repo.messageById(messageId);
    if (!row || row.sender.id !== actor.userId) return null;
    const memberIds = await this.repo.memberIds(row.conversationId);
    if (!isConversationMember(actor, memberIds)) return null;
    return presentMessage(row, MessagesService.otherOf(memberIds, actor.userId), this.avatar);
  }

  /**
   * A person's unread total, as their private room's `unread_count` carries it: for the socket
   * layer and the sidebar badge (the list's counts add up to it).
   */
  async unreadTotal({ userId }: { userId: string }): Promise<number> {
    return this.repo.unreadTotal(userId);
  }

  async markRead({
    actor,
    conversationId,
  }: {
    actor: Viewer;
    conversationId: string;
  }): Promise<{ conversationId: string; unreadCount: 0 }> {
    if (!(await this.repo.markRead(conversationId, actor.userId))) {
      throw notFound('Conversation');
    }
    this.events.emit('conversation.read', { conversationId, userId: actor.userId });
    return { conversationId, unreadCount: 0 };
  }

  /** A member reports the conversation; moderators get the reason and its last 50 messages. */
  async reportConversation({
    actor,
    conversationId,
    reason,
  }: {
    actor: Viewer;
    conversationId: string;
    reason: string;
  }): Promise<ConversationReport> {
    await this.membersFor(actor, conversationId);
    const report = await this.repo.insertReport({
      conversationId,
      reporterId: actor.userId,
      reason,
      keep: reportKeepsMessages,
    });
    if (!report) throw conflict('CONFLICT', 'You have already reported this conversation');
    return {
      _id: report.id,
      conversationId,
      messageCount: report.messageCount,
      createdAt: report.createdAt.toISOString(),
    };
  }

  async block({ actor, userId }: { actor: Viewer; userId: string }) {
    assertNotSelf(actor, userId, 'block');
    if (!(await this.repo.block(actor.userId, userId))) throw notFound('User');
    return { userId, isBlocked: true };
  }

  async unblock({ actor, userId }: { actor: Viewer; userId: string }) {
    assertNotSelf(actor, userId, 'unblock');
    await this.repo.unblock(actor.userId, userId);
    return { userId, isBlocked: false };
  }

  async listBlocked({ actor }: { actor: Viewer }): Promise<BlockedUser[]> {
    const rows = await this.repo.blockedBy(actor.userId);
    return rows.map((row) => presentBlockedUser(row, this.avatar));
  }
}
