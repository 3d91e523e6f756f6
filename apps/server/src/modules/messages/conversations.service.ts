import type { Conversation } from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import type { DomainEvents } from '../../platform/events/domain-events';
import { notFound } from '../../platform/http/errors';
import type { ConversationsRepository } from './conversations.repository';
import {
  assertConversationMember,
  assertMayTalkIn,
  isConversationMember,
  type TalkFacts,
} from './messages.policy';
import { presentConversation, type AvatarUrl } from './messages.presenter';

/** A person's conversations, who belongs to them, and what is still unread in them. */
export class ConversationsService {
  constructor(
    private readonly repo: ConversationsRepository,
    private readonly events: DomainEvents,
    private readonly avatar: AvatarUrl,
  ) {}

  async listConversations({ actor }: { actor: Viewer }): Promise<Conversation[]> {
    const rows = await this.repo.conversationsOf(actor.userId);
    return rows.map((row) => presentConversation(row, this.avatar));
  }

  /** The members of a conversation the actor belongs to; 404 for anyone else. */
  async membersFor({
    actor,
    conversationId,
  }: {
    actor: Viewer;
    conversationId: string;
  }): Promise<string[]> {
    const memberIds = await this.repo.memberIds(conversationId);
    assertConversationMember(actor, memberIds);
    return memberIds;
  }

  /** The members of a conversation when the actor is one of them; null for anyone else. */
  async membersSeenBy({
    actor,
    conversationId,
  }: {
    actor: Viewer;
    conversationId: string;
  }): Promise<string[] | null> {
    const memberIds = await this.repo.memberIds(conversationId);
    return isConversationMember(actor, memberIds) ? memberIds : null;
  }

  /** The members of a conversation and whether a block stands between the actor and another. */
  async talkFacts({
    actor,
    conversationId,
  }: {
    actor: Viewer;
    conversationId: string;
  }): Promise<TalkFacts> {
    return this.repo.talkFacts(conversationId, actor.userId);
  }

  /**
   * The socket joins a conversation's room on the terms of posting in it: a member with no
   * block between them and the other ('Conversation not found', 'You cannot message this user').
   */
  async assertMayJoin(input: { actor: Viewer; conversationId: string }): Promise<void> {
    assertMayTalkIn(input.actor, await this.talkFacts(input));
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
}
