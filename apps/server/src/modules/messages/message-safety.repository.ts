import { and, desc, eq } from 'drizzle-orm';
import { conversationOf } from './conversations.repository';
import type { Database } from '../../platform/db/client';
import { queryFailureOf } from '../../platform/db/errors';
import { conversationReports, messages, userBlocks, users } from '../../platform/db/schema';
import { person, type PersonRow } from './messaging.sql';

/** What keeps people safe in messaging: reports to moderators, and blocks. */
export class MessageSafetyRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores a report with a copy of the conversation's last `keep` messages, oldest first;
   * null when the reporter already has an open report of it.
   */
  async insertReport(input: {
    conversationId: string;
    reporterId: string;
    reason: string;
    keep: number;
  }): Promise<{ id: string; createdAt: Date; messageCount: number } | null> {
    const last = await this.db
      .select({
        id: messages.id,
        senderId: messages.senderId,
        content: messages.content,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(eq(messages.conversationId, input.conversationId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(input.keep);
    const kept = last.reverse().map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
    const [row] = await this.db
      .insert(conversationReports)
      .values({
        conversationId: input.conversationId,
        reporterId: input.reporterId,
        reason: input.reason,
        messages: kept,
      })
      .onConflictDoNothing()
      .returning({ id: conversationReports.id, createdAt: conversationReports.createdAt });
    return row ? { ...row, messageCount: kept.length } : null;
  }

  /**
   * Blocks a person; answers the two people's conversation (null when they have none), or
   * false when that person does not exist.
   */
  async block(
    blockerId: string,
    blockedId: string,
  ): Promise<{ conversationId: string | null } | false> {
    try {
      await this.db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
    } catch (error) {
      if (queryFailureOf(error)?.code === '23503') return false;
      throw error;
    }
    return { conversationId: await conversationOf(this.db, blockerId, blockedId) };
  }

  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await this.db
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  }

  async blockedBy(blockerId: string): Promise<(PersonRow & { blockedAt: Date })[]> {
    return this.db
      .select({ ...person, blockedAt: userBlocks.createdAt })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(eq(userBlocks.blockerId, blockerId))
      .orderBy(desc(userBlocks.createdAt), desc(users.id));
  }
}
