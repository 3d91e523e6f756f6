import type { BlockedUser, ConversationReport } from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import type { DomainEvents } from '../../platform/events/domain-events';
import { conflict, notFound } from '../../platform/http/errors';
import type { ConversationsService } from './conversations.service';
import type { MessageSafetyRepository } from './message-safety.repository';
import { assertNotSelf } from './messages.policy';
import { presentBlockedUser, type AvatarUrl } from './messages.presenter';

/** Messages a report keeps for moderators (issue 13). */
export const reportKeepsMessages = 50;

/** Reports to moderators and blocks between people. */
export class MessageSafetyService {
  constructor(
    private readonly repo: MessageSafetyRepository,
    private readonly conversations: ConversationsService,
    private readonly events: DomainEvents,
    private readonly avatar: AvatarUrl,
  ) {}

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
    await this.conversations.membersFor({ actor, conversationId });
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
    const blocked = await this.repo.block(actor.userId, userId);
    if (!blocked) throw notFound('User');
    // After the commit: the chat socket takes both out of their conversation's room.
    this.events.emit('user.blocked', {
      blockerId: actor.userId,
      blockedId: userId,
      conversationId: blocked.conversationId,
    });
    return { userId, isBlocked: true };
  }

  async unblock({ actor, userId }: { actor: Viewer; userId: string }) {
    assertNotSelf(actor, userId, 'unblock');
    await this.repo.unblock(actor.userId, userId);
    this.events.emit('user.unblocked', { blockerId: actor.userId, blockedId: userId });
    return { userId, isBlocked: false };
  }

  async listBlocked({ actor }: { actor: Viewer }): Promise<BlockedUser[]> {
    const rows = await this.repo.blockedBy(actor.userId);
    return rows.map((row) => presentBlockedUser(row, this.avatar));
  }
}
