import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/client';
import {
  conversationParticipants,
  conversations,
  messages,
  userBlocks,
  users,
} from '../../platform/db/schema';
import { hasMemberBlockedBy, person, type PersonRow } from './messaging.sql';

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
   * What decides whether a person may post in a conversation, read in one statement (a message
   * is the chat's hot path): the members, whether the sender and another member block one
   * another, and how many messages the sender stored in the last `seconds`. No members: there
   * is no such conversation.
   */
  async sendingFacts(
    conversationId: string,
    senderId: string,
    seconds: number,
  ): Promise<{ memberIds: string[]; isBlocked: boolean; sentRecently: number }> {
    this.sendingFactsStatement ??= this.prepareSendingFacts();
    const rows = await this.sendingFactsStatement.execute({ conversationId, senderId, seconds });
    return {
      memberIds: rows.map((r) => r.userId),
      isBlocked: rows.some((r) => r.isBlocked),
      sentRecently: rows[0]?.sentRecently ?? 0,
    };
  }

  /**
   * The two statements of a message are named prepared statements: built by drizzle once per
   * process, and parsed and planned by PostgreSQL once per connection rather than per message
   * (PGlite runs them as plain queries).
   */
  private prepareSendingFacts() {
    const member = conversationParticipants;
    const senderId = sql.placeholder('senderId');
    return this.writes
      .select({
        userId: member.userId,
        isBlocked: sql<boolean>`exists (select 1 from ${userBlocks}
          where (${userBlocks.blockerId} = ${senderId} and ${userBlocks.blockedId} = ${member.userId})
             or (${userBlocks.blockerId} = ${member.userId} and ${userBlocks.blockedId} = ${senderId}))`,
        // Not correlated: computed once for the statement.
        sentRecently: sql<number>`(select count(*) from ${messages}
          where ${messages.senderId} = ${senderId}
            and ${messages.createdAt} > now() - make_interval(secs => ${sql.placeholder('seconds')}))::int`,
      })
      .from(member)
      .where(eq(member.conversationId, sql.placeholder('conversationId')))
      .prepare('messages_sending_facts');
  }
  private sendingFactsStatement: ReturnType<MessagesRepository['prepareSendingFacts']> | undefined;

  /**
   * Stores a message and moves the conversation's order and the other members' unread counts,
   * all in one statement (atomic as a transaction, one round trip instead of six); answers the
   * message and those counts.
   */
  async sendMessage(input: {
    conversationId: string;
    senderId: string;
    content: string;
  }): Promise<{ message: MessageRow; recipients: Recipient[] }> {
    this.sendMessageStatement ??= this.prepareSendMessage();
    const [row] = await this.sendMessageStatement.execute(input);
    const { id, createdAt, sender, recipients } = row!;
    return {
      message: {
        id,
        conversationId: input.conversationId,
        content: input.content,
        createdAt,
        sender,
      },
      recipients,
    };
  }

  private prepareSendMessage() {
    const conversationId = sql.placeholder('conversationId');
    const senderId = sql.placeholder('senderId');
    const inserted = this.writes.$with('inserted').as(
      this.writes
        .insert(messages)
        .values({ conversationId, senderId, content: sql.placeholder('content') })
        .returning({ id: messages.id, createdAt: messages.createdAt }),
    );
    // The message's created_at is the statement's now(), so the order moves to it.
    const touched = this.writes.$with('touched').as(
      this.writes
        .update(conversations)
        .set({ updatedAt: sql`greatest(${conversations.updatedAt}, now())` })
        .where(eq(conversations.id, conversationId))
        .returning({ id: conversations.id }),
    );
    const counted = this.writes.$with('counted').as(
      this.writes
        .update(conversationParticipants)
        .set({ unreadCount: sql`${conversationParticipants.unreadCount} + 1` })
        .where(
          and(
            eq(conversationParticipants.conversationId, conversationId),
            ne(conversationParticipants.userId, senderId),
          ),
        )
        .returning({
          userId: conversationParticipants.userId,
          unreadCount: conversationParticipants.unreadCount,
        }),
    );
    // Every data-modifying part of a WITH runs once and to completion, read or not.
    return this.writes
      .with(inserted, touched, counted)
      .select({
        id: inserted.id,
        createdAt: inserted.createdAt,
        sender: person,
        // Each recipient's total as `unreadTotal` counts it: this conversation's new count plus
        // the others' (those with people they block left out), as of this statement.
        recipients: sql<Recipient[]>`(select coalesce(json_agg(json_build_object(
            'userId', counted.user_id,
            'unreadCount', counted.unread_count,
            'unreadTotal', counted.unread_count + (
              select coalesce(sum(mine.unread_count), 0)::int
              from ${conversationParticipants} mine
              where mine.user_id = counted.user_id
                and mine.conversation_id <> ${conversationId}
                and not ${hasMemberBlockedBy(sql`counted.user_id`, sql`mine.conversation_id`)}))), '[]'::json)
          from counted)`,
      })
      .from(inserted)
      .innerJoin(users, eq(users.id, senderId))
      .prepare('messages_send');
  }
  private sendMessageStatement: ReturnType<MessagesRepository['prepareSendMessage']> | undefined;

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
