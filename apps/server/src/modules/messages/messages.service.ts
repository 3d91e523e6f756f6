import type { Message } from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import type { DomainEvents } from '../../platform/events/domain-events';
import { notFound, tooManyRequests } from '../../platform/http/errors';
import type { ConversationsService } from './conversations.service';
import type { MessagesRepository } from './messages.repository';
import { assertMayTalkIn, isConversationMember } from './messages.policy';
import { presentMessage, type AvatarUrl } from './messages.presenter';

/** Messages one person may send in a minute, over all conversations: a brake on flooding. */
export const messagesPerMinute = 60;
export const messagesTooFast = 'You are sending messages too fast. Wait a moment.';

/** The messages of a conversation: reading its pages and posting in it. */
export class MessagesService {
  constructor(
    private readonly repo: MessagesRepository,
    private readonly conversations: ConversationsService,
    private readonly events: DomainEvents,
    private readonly avatar: AvatarUrl,
  ) {}

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
    const memberIds = await this.conversations.membersFor({ actor, conversationId });
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
    // The chat's hot path: what decides is read, and the message stored only when it may be,
    // in one statement. Counted from the stored messages, so every API process applies the same
    // limit.
    const { facts, sent } = await this.repo.sendIfAllowed({
      conversationId,
      senderId: actor.userId,
      content,
      seconds: 60,
      limit: messagesPerMinute,
    });
    assertMayTalkIn(actor, facts);
    const recipientId = MessagesService.otherOf(facts.memberIds, actor.userId);
    if (facts.sentRecently >= messagesPerMinute) throw tooManyRequests(messagesTooFast);
    if (!sent) throw new Error('A message that may be sent was not stored');
    const { message, recipients } = sent;
    const presented = presentMessage(message, recipientId, this.avatar);
    this.events.emit('message.sent', { message: presented, recipients });
    return presented;
  }

  /**
   * A message the actor stored, as it was stored, that they may still post where it was: the
   * socket's `send_message` re-announces only this. Anyone else's, an unknown id or one of a
   * conversation they left is 'Message not found'; while a block stands between the two, the
   * refusal a new message gets (the same policy as posting).
   */
  async messageToAnnounce({
    actor,
    messageId,
  }: {
    actor: Viewer;
    messageId: string;
  }): Promise<Message> {
    const row = await this.repo.messageById(messageId);
    if (!row || row.sender.id !== actor.userId) throw notFound('Message');
    const facts = await this.conversations.talkFacts({
      actor,
      conversationId: row.conversationId,
    });
    if (!isConversationMember(actor, facts.memberIds)) throw notFound('Message');
    assertMayTalkIn(actor, facts);
    return presentMessage(row, MessagesService.otherOf(facts.memberIds, actor.userId), this.avatar);
  }
}
