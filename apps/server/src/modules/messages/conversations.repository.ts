import { and, asc, desc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/client';
import { conversationParticipants, conversations, messages, users } from '../../platform/db/schema';
import {
  blockedBetween,
  hasMemberBlockedBy,
  ordered,
  person,
  type PersonRow,
} from './messaging.sql';

export interface ConversationRow {
  id: string;
  updatedAt: Date;
  unreadCount: number;
  lastMessage: { content: string; createdAt: Date } | null;
  participants: PersonRow[];
}

/** The pair's conversation, if they have one. */
export async function conversationOf(
  tx: Database | Tx,
  a: string,
  b: string,
): Promise<string | null> {
  const [low, high] = ordered(a, b);
  const [row] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
  return row?.id ?? null;
}

/** The pair's conversation, made if it is not there; the unique pair key settles races. */
export async function openConversation(tx: Tx, a: string, b: string): Promise<string> {
  const [low, high] = ordered(a, b);
  const [made] = await tx
    .insert(conversations)
    .values({ userLowId: low, userHighId: high })
    .onConflictDoNothing({ target: [conversations.userLowId, conversations.userHighId] })
    .returning({ id: conversations.id });
  const conversationId = made?.id ?? (await conversationOf(tx, a, b));
  if (!conversationId) throw new Error('conversation vanished while it was being opened');
  await tx
    .insert(conversationParticipants)
    .values([
      { conversationId, userId: low },
      { conversationId, userId: high },
    ])
    .onConflictDoNothing();
  return conversationId;
}

/** Conversations, their members and their unread counts. */
export class ConversationsRepository {
  constructor(private readonly db: Database) {}

  /** The ids of a conversation's members (none when it does not exist). */
  async memberIds(conversationId: string): Promise<string[]> {
    const rows = await this.db
      .select({ userId: conversationParticipants.userId })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, conversationId));
    return rows.map((r) => r.userId);
  }

  /**
   * A conversation's members, and whether `userId` and another member block one another, in
   * one statement (no members: there is no such conversation).
   */
  async talkFacts(
    conversationId: string,
    userId: string,
  ): Promise<{ memberIds: string[]; isBlocked: boolean }> {
    const member = conversationParticipants;
    const rows = await this.db
      .select({
        userId: member.userId,
        isBlocked: sql<boolean>`${member.userId} <> ${userId}
          and ${blockedBetween(userId, member.userId)}`,
      })
      .from(member)
      .where(eq(member.conversationId, conversationId));
    return { memberIds: rows.map((r) => r.userId), isBlocked: rows.some((r) => r.isBlocked) };
  }

  /** A person's unread messages over all their conversations, but those with people they block. */
  async unreadTotal(userId: string): Promise<number> {
    const me = conversationParticipants;
    const [row] = await this.db
      .select({ n: sql<number>`coalesce(sum(${me.unreadCount}), 0)::int` })
      .from(me)
      .where(and(eq(me.userId, userId), not(hasMemberBlockedBy(userId, me.conversationId))));
    return row?.n ?? 0;
  }

  /** Zeroes a member's unread count; false when they are not a member. */
  async markRead(conversationId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .update(conversationParticipants)
      .set({ unreadCount: 0, lastReadAt: sql`now()` })
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, userId),
        ),
      )
      .returning({ userId: conversationParticipants.userId });
    return rows.length > 0;
  }

  /**
   * A person's conversations, most recent first, without those with people they block (their
   * messages are hidden).
   */
  async conversationsOf(userId: string): Promise<ConversationRow[]> {
    const me = conversationParticipants;
    const rows = await this.db
      .select({
        id: conversations.id,
        updatedAt: conversations.updatedAt,
        unreadCount: me.unreadCount,
        lastContent: sql<string | null>`(select m.content from ${messages} m
          where m.conversation_id = ${conversations.id}
          order by m.created_at desc, m.id desc limit 1)`,
        lastAt: sql<Date | string | null>`(select m.created_at from ${messages} m
          where m.conversation_id = ${conversations.id}
          order by m.created_at desc, m.id desc limit 1)`,
      })
      .from(me)
      .innerJoin(conversations, eq(conversations.id, me.conversationId))
      .where(and(eq(me.userId, userId), not(hasMemberBlockedBy(userId, conversations.id))))
      .orderBy(desc(conversations.updatedAt), desc(conversations.id));
    if (rows.length === 0) return [];
    const members = await this.db
      .select({ conversationId: conversationParticipants.conversationId, ...person })
      .from(conversationParticipants)
      .innerJoin(users, eq(users.id, conversationParticipants.userId))
      .where(
        inArray(
          conversationParticipants.conversationId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(conversationParticipants.joinedAt), asc(users.id));
    return rows.map((r) => ({
      id: r.id,
      updatedAt: r.updatedAt,
      unreadCount: r.unreadCount,
      lastMessage:
        r.lastContent !== null && r.lastAt !== null
          ? { content: r.lastContent, createdAt: new Date(r.lastAt) }
          : null,
      participants: members
        .filter((m) => m.conversationId === r.id)
        .map(({ id, username, fullname, avatarKey }) => ({ id, username, fullname, avatarKey })),
    }));
  }
}
