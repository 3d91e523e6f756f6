import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/client';
import { conversationParticipants, conversations, messages, users } from '../../platform/db/schema';
import { preparedRows } from '../../platform/db/prepared-sql';
import { blockedBetween, hasMemberBlockedBy, person, type PersonRow } from './messaging.sql';

export interface MessageRow {
  id: string;
  conversationId: string;
  content: string;
  createdAt: Date;
  sender: PersonRow;
}

/** A member told of a new message: their unread count in it, and over all conversations. */
export interface Recipient {
  userId: string;
  unreadCount: number;
  unreadTotal: number;
}

/**
 * Stores a message inside a transaction of the caller's (a request's text becoming the first
 * message when it is accepted), keeping the time it was written when one is given.
 */
export async function insertMessage(
  tx: Tx,
  input: { conversationId: string; senderId: string; content: string; createdAt?: Date },
): Promise<MessageRow> {
  const [row] = await tx
    .insert(messages)
    .values({
      conversationId: input.conversationId,
      senderId: input.senderId,
      content: input.content,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  // The list is ordered by the newest message; a first message kept from an older request
  // never moves a conversation back.
  await tx
    .update(conversations)
    .set({ updatedAt: sql`greatest(${conversations.updatedAt}, ${row!.createdAt})` })
    .where(eq(conversations.id, input.conversationId));
  const [sender] = await tx.select(person).from(users).where(eq(users.id, input.senderId));
  return {
    id: row!.id,
    conversationId: input.conversationId,
    content: input.content,
    createdAt: row!.createdAt,
    sender: sender!,
  };
}

/** The messages of conversations: the chat's hot path, and its pages. */
export class MessagesRepository {
  constructor(
    private readonly db: Database,
    /** Where writes go (decision 0059): connections no read waits for; `db` on PGlite. */
    private readonly writes: Database = db,
  ) {}

  /**
   * Posts a message if the sender may, all in one statement (the chat's hot path, one round
   * trip): reads what decides (the members, whether the sender and another member block one
   * another, how many messages the sender stored in the last `seconds`) and, only when the
   * sender is a member, nobody blocks and they stored fewer than `limit`, stores the message
   * and moves the conversation's order and the other members' unread counts. Answers those
   * facts, and the message and its recipients' counts when it was stored (atomic as a
   * transaction). No members: there is no such conversation.
   */
  async sendIfAllowed(input: {
    conversationId: string;
    senderId: string;
    content: string;
    seconds: number;
    limit: number;
  }): Promise<{
    facts: { memberIds: string[]; isBlocked: boolean; sentRecently: number };
    sent: { message: MessageRow; recipients: Recipient[] } | null;
  }> {
    this.sendStatement ??= this.prepareSend();
    const [row] = await this.sendStatement(input);
    const facts = {
      memberIds: row!.member_ids,
      isBlocked: row!.is_blocked,
      sentRecently: row!.sent_recently,
    };
    if (row!.id === null) return { facts, sent: null };
    return {
      facts,
      sent: {
        message: {
          id: row!.id,
          conversationId: input.conversationId,
          content: input.content,
          createdAt: messages.createdAt.mapFromDriverValue(row!.created_at as string) as Date,
          sender: {
            id: input.senderId,
            username: row!.username!,
            fullname: row!.fullname!,
            avatarKey: row!.avatar_key,
          },
        },
        recipients: row!.recipients,
      },
    };
  }

  /**
   * A named prepared statement (decision 0063): built once per process, parsed and planned by
   * PostgreSQL once per connection (PGlite runs it as a plain query).
   */
  private prepareSend() {
    const member = conversationParticipants;
    const conversationId = sql`${sql.placeholder('conversationId')}::uuid`;
    const senderId = sql`${sql.placeholder('senderId')}::uuid`;
    return preparedRows<
      {
        member_ids: string[];
        is_blocked: boolean;
        sent_recently: number;
        id: string | null;
        created_at: unknown;
        username: string | null;
        fullname: string | null;
        avatar_key: string | null;
        recipients: Recipient[];
      },
      { conversationId: string; senderId: string; content: string; seconds: number; limit: number }
    >(
      this.writes,
      'messages_send_if_allowed',
      sql`with facts as (
            select coalesce(json_agg(${member.userId}), '[]'::json) as member_ids,
              coalesce(bool_or(${blockedBetween(senderId, member.userId)}), false) as is_blocked,
              -- Not correlated: computed once for the statement.
              (select count(*) from ${messages}
                where ${messages.senderId} = ${senderId}
                  and ${messages.createdAt} > now() - make_interval(secs => ${sql.placeholder('seconds')}::int)
              )::int as sent_recently,
              coalesce(bool_or(${member.userId} = ${senderId}), false) as is_member
            from ${member}
            where ${member.conversationId} = ${conversationId}
          ), inserted as (
            insert into ${messages} (conversation_id, sender_id, content)
            select ${conversationId}, ${senderId}, ${sql.placeholder('content')}::text
            from facts
            where is_member and not is_blocked and sent_recently < ${sql.placeholder('limit')}::int
            returning id, created_at
          ), touched as (
            -- The message's created_at is the statement's now(), so the order moves to it.
            update ${conversations} set updated_at = greatest(${conversations.updatedAt}, now())
            where ${conversations.id} = ${conversationId} and exists (select 1 from inserted)
          ), counted as (
            update ${member} set unread_count = ${member.unreadCount} + 1
            where ${member.conversationId} = ${conversationId} and ${member.userId} <> ${senderId}
              and exists (select 1 from inserted)
            returning user_id, unread_count
          )
          -- Every data-modifying part of a WITH runs once and to completion, read or not.
          select facts.member_ids, facts.is_blocked, facts.sent_recently,
            inserted.id, inserted.created_at,
            ${users.username} as username, ${users.fullname} as fullname,
            ${users.avatarKey} as avatar_key,
            -- Each recipient's total as unreadTotal counts it: this conversation's new count
            -- plus the others' (those with people they block left out), as of this statement.
            (select coalesce(json_agg(json_build_object(
                'userId', counted.user_id,
                'unreadCount', counted.unread_count,
                'unreadTotal', counted.unread_count + (
                  select coalesce(sum(mine.unread_count), 0)::int
                  from ${member} mine
                  where mine.user_id = counted.user_id
                    and mine.conversation_id <> ${conversationId}
                    and not ${hasMemberBlockedBy(sql`counted.user_id`, sql`mine.conversation_id`)}))), '[]'::json)
              from counted) as recipients
          from facts
          left join inserted on true
          left join ${users} on ${users.id} = ${senderId} and inserted.id is not null`,
    );
  }
  private sendStatement: ReturnType<MessagesRepository['prepareSend']> | undefined;

  /** Messages as `MessageRow`s, each with its sender. */
  private selectMessages() {
    return this.db
      .select({
        id: messages.id,
        conversationId: messages.conversationId,
        content: messages.content,
        createdAt: messages.createdAt,
        sender: person,
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId));
  }

  /** One page of a conversation, oldest first: the `limit` messages before `before`. */
  async listMessages(
    conversationId: string,
    page: { before?: string | undefined; limit: number },
  ): Promise<MessageRow[]> {
    const rows = await this.selectMessages()
      .where(
        and(
          eq(messages.conversationId, conversationId),
          page.before
            ? sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id
                from ${messages} m where m.id = ${page.before}
                  and m.conversation_id = ${conversationId})`
            : undefined,
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(page.limit);
    return rows.reverse();
  }

  /** One stored message, with its sender (null when there is none by that id). */
  async messageById(id: string): Promise<MessageRow | null> {
    const [row] = await this.selectMessages().where(eq(messages.id, id));
    return row ?? null;
  }
}
