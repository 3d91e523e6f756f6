import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { MessagePolicy } from '@kinora/contract';
import type { Database, Tx } from '../../platform/db/client';
import { queryFailureOf } from '../../platform/db/errors';
import {
  conversationParticipants,
  conversationReports,
  conversations,
  messageRequests,
  messages,
  subscriptions,
  userBlocks,
  users,
} from '../../platform/db/schema';

export interface PersonRow {
  id: string;
  username: string;
  fullname: string;
  avatarKey: string | null;
}

export interface RequestRow {
  id: string;
  content: string;
  createdAt: Date;
  sender: PersonRow;
}

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

export interface ConversationRow {
  id: string;
  updatedAt: Date;
  unreadCount: number;
  lastMessage: { content: string; createdAt: Date } | null;
  participants: PersonRow[];
}

/** What decides whether a request may be sent, read in one statement. */
export interface RequestFacts {
  receiverPolicy: MessagePolicy;
  /** Either of the two blocks the other. */
  isBlocked: boolean;
  receiverFollowsSender: boolean;
  conversationId: string | null;
  hasPending: boolean;
  /** The receiver declined a request of this sender in the last 7 days. */
  declinedRecently: boolean;
  sentInLastHour: number;
}

export type RespondOutcome =
  | { kind: 'not-found' }
  | { kind: 'accepted'; senderId: string; conversationId: string; firstMessage: MessageRow }
  | { kind: 'declined'; senderId: string }
  /** Answered before (a repeated click, or two devices at once): nothing changed. */
  | { kind: 'unchanged'; status: 'accepted' | 'declined'; conversationId: string | null };

const person = {
  id: users.id,
  username: users.username,
  fullname: users.fullname,
  avatarKey: users.avatarKey,
};

/** The pair's ids in the order the conversations table keeps them. */
const ordered = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

const blockedBetween = (a: string, b: string) => sql`exists (
  select 1 from ${userBlocks}
  where (${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b})
     or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a}))`;

export class MessagesRepository {
  constructor(private readonly db: Database) {}

  /**
   * Runs `work` with the sender's row locked, so that two requests of one sender at once are
   * counted one after the other (the hourly limit stays exact).
   */
  async asSender<T>(senderId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, senderId))
        .for('no key update');
      return work(tx);
    });
  }

  async requestFacts(tx: Tx, senderId: string, receiverId: string): Promise<RequestFacts | null> {
    const [low, high] = ordered(senderId, receiverId);
    const [row] = await tx
      .select({
        receiverPolicy: users.messagePolicy,
        isBlocked: sql<boolean>`${blockedBetween(senderId, receiverId)}`,
        receiverFollowsSender: sql<boolean>`exists (select 1 from ${subscriptions}
          where ${subscriptions.subscriberId} = ${receiverId}
            and ${subscriptions.channelId} = ${senderId})`,
        conversationId: sql<string | null>`(select ${conversations.id} from ${conversations}
          where ${conversations.userLowId} = ${low} and ${conversations.userHighId} = ${high})`,
        hasPending: sql<boolean>`exists (select 1 from ${messageRequests}
          where ${messageRequests.senderId} = ${senderId}
            and ${messageRequests.recipientId} = ${receiverId}
            and ${messageRequests.status} = 'pending')`,
        declinedRecently: sql<boolean>`exists (select 1 from ${messageRequests}
          where ${messageRequests.senderId} = ${senderId}
            and ${messageRequests.recipientId} = ${receiverId}
            and ${messageRequests.status} = 'declined'
            and ${messageRequests.respondedAt} > now() - interval '7 days')`,
        sentInLastHour: sql<number>`(select count(*) from ${messageRequests}
          where ${messageRequests.senderId} = ${senderId}
            and ${messageRequests.createdAt} > now() - interval '1 hour')::int`,
      })
      .from(users)
      .where(eq(users.id, receiverId));
    return row ?? null;
  }

  async insertRequest(
    tx: Tx,
    input: { senderId: string; receiverId: string; content: string },
  ): Promise<{ id: string; createdAt: Date }> {
    const [row] = await tx
      .insert(messageRequests)
      .values({ senderId: input.senderId, recipientId: input.receiverId, content: input.content })
      .returning({ id: messageRequests.id, createdAt: messageRequests.createdAt });
    return row!;
  }

  async findPerson(id: string): Promise<PersonRow | null> {
    const [row] = await this.db.select(person).from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /** Pending requests to a person, newest first, without those of people they block. */
  async pendingRequestsTo(receiverId: string): Promise<RequestRow[]> {
    const rows = await this.db
      .select({
        id: messageRequests.id,
        content: messageRequests.content,
        createdAt: messageRequests.createdAt,
        sender: person,
      })
      .from(messageRequests)
      .innerJoin(users, eq(users.id, messageRequests.senderId))
      .where(
        and(
          eq(messageRequests.recipientId, receiverId),
          eq(messageRequests.status, 'pending'),
          sql`not exists (select 1 from ${userBlocks}
            where ${userBlocks.blockerId} = ${receiverId}
              and ${userBlocks.blockedId} = ${messageRequests.senderId})`,
        ),
      )
      .orderBy(desc(messageRequests.createdAt), desc(messageRequests.id));
    return rows;
  }

  /** The caller's standing with another person: their conversation, or a pending request. */
  async standing(
    callerId: string,
    otherId: string,
  ): Promise<{ conversationId: string | null; hasPending: boolean }> {
    const [low, high] = ordered(callerId, otherId);
    const [conversation] = await this.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
    if (conversation) return { conversationId: conversation.id, hasPending: false };
    const [pending] = await this.db
      .select({ id: messageRequests.id })
      .from(messageRequests)
      .where(
        and(
          eq(messageRequests.senderId, callerId),
          eq(messageRequests.recipientId, otherId),
          eq(messageRequests.status, 'pending'),
        ),
      );
    return { conversationId: null, hasPending: pending !== undefined };
  }

  /**
   * Answers a request of which `receiverId` is the receiver. Accepting opens the pair's one
   * conversation (or meets the one a concurrent accept opened) and stores the request's text as
   * its first message, all in one transaction. A request the receiver cannot see (someone else's,
   * or from a person they block) is not found.
   */
  async respond(
    requestId: string,
    receiverId: string,
    action: 'accept' | 'decline',
  ): Promise<RespondOutcome> {
    return this.db.transaction(async (tx) => {
      const mine = and(
        eq(messageRequests.id, requestId),
        eq(messageRequests.recipientId, receiverId),
        sql`not exists (select 1 from ${userBlocks}
          where ${userBlocks.blockerId} = ${receiverId}
            and ${userBlocks.blockedId} = ${messageRequests.senderId})`,
      );
      const [request] = await tx
        .select({ senderId: messageRequests.senderId })
        .from(messageRequests)
        .where(mine);
      if (!request) return { kind: 'not-found' };
      // Answers that touch this pair (a second click, the request the other way accepted at
      // once) wait here for each other, always taking the two rows in one order: no deadlock.
      await tx
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, [request.senderId, receiverId]))
        .orderBy(asc(users.id))
        .for('no key update');
      const [answered] = await tx
        .update(messageRequests)
        .set({ status: action === 'accept' ? 'accepted' : 'declined', respondedAt: sql`now()` })
        .where(and(mine, eq(messageRequests.status, 'pending')))
        .returning({
          senderId: messageRequests.senderId,
          content: messageRequests.content,
          createdAt: messageRequests.createdAt,
        });
      if (!answered) {
        const [before] = await tx
          .select({ status: messageRequests.status, senderId: messageRequests.senderId })
          .from(messageRequests)
          .where(mine);
        if (!before || before.status === 'pending') return { kind: 'not-found' };
        return {
          kind: 'unchanged',
          status: before.status,
          conversationId:
            before.status === 'accepted'
              ? await this.conversationOf(tx, before.senderId, receiverId)
              : null,
        };
      }
      if (action === 'decline') return { kind: 'declined', senderId: answered.senderId };

      const conversationId = await this.openConversation(tx, answered.senderId, receiverId);
      // A request the other way is answered by this one: the two are now in one conversation,
      // and its text is kept too.
      const reverse = await tx
        .update(messageRequests)
        .set({ status: 'accepted', respondedAt: sql`now()` })
        .where(
          and(
            eq(messageRequests.senderId, receiverId),
            eq(messageRequests.recipientId, answered.senderId),
            eq(messageRequests.status, 'pending'),
          ),
        )
        .returning({ content: messageRequests.content, createdAt: messageRequests.createdAt });
      // A first message keeps the time it was written; the receiver has just read it.
      const firstMessage = await this.insertMessage(tx, {
        conversationId,
        senderId: answered.senderId,
        content: answered.content,
        createdAt: answered.createdAt,
      });
      for (const other of reverse) {
        await this.insertMessage(tx, { conversationId, senderId: receiverId, ...other });
      }
      return { kind: 'accepted', senderId: answered.senderId, conversationId, firstMessage };
    });
  }

  private async conversationOf(tx: Tx, a: string, b: string): Promise<string | null> {
    const [low, high] = ordered(a, b);
    const [row] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
    return row?.id ?? null;
  }

  /** The pair's conversation, made if it is not there; the unique pair key settles races. */
  private async openConversation(tx: Tx, a: string, b: string): Promise<string> {
    const [low, high] = ordered(a, b);
    const [made] = await tx
      .insert(conversations)
      .values({ userLowId: low, userHighId: high })
      .onConflictDoNothing({ target: [conversations.userLowId, conversations.userHighId] })
      .returning({ id: conversations.id });
    const conversationId = made?.id ?? (await this.conversationOf(tx, a, b));
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

  /** The ids of a conversation's members (none when it does not exist). */
  async memberIds(conversationId: string): Promise<string[]> {
    const rows = await this.db
      .select({ userId: conversationParticipants.userId })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, conversationId));
    return rows.map((r) => r.userId);
  }

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
    return this.db
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
    const inserted = this.db.$with('inserted').as(
      this.db
        .insert(messages)
        .values({ conversationId, senderId, content: sql.placeholder('content') })
        .returning({ id: messages.id, createdAt: messages.createdAt }),
    );
    // The message's created_at is the statement's now(), so the order moves to it.
    const touched = this.db.$with('touched').as(
      this.db
        .update(conversations)
        .set({ updatedAt: sql`greatest(${conversations.updatedAt}, now())` })
        .where(eq(conversations.id, conversationId))
        .returning({ id: conversations.id }),
    );
    const counted = this.db.$with('counted').as(
      this.db
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
    return this.db
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
                and not exists (select 1 from ${userBlocks} b
                  join ${conversationParticipants} other
                    on other.conversation_id = mine.conversation_id
                   and other.user_id = b.blocked_id
                  where b.blocker_id = counted.user_id)))), '[]'::json)
          from counted)`,
      })
      .from(inserted)
      .innerJoin(users, eq(users.id, senderId))
      .prepare('messages_send');
  }
  private sendMessageStatement: ReturnType<MessagesRepository['prepareSendMessage']> | undefined;

  private async insertMessage(
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

  /** One page of a conversation, oldest first: the `limit` messages before `before`. */
  async listMessages(
    conversationId: string,
    page: { before?: string | undefined; limit: number },
  ): Promise<MessageRow[]> {
    const rows = await this.db
      .select({
        id: messages.id,
        conversationId: messages.conversationId,
        content: messages.content,
        createdAt: messages.createdAt,
        sender: person,
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
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
    const [row] = await this.db
      .select({
        id: messages.id,
        conversationId: messages.conversationId,
        content: messages.content,
        createdAt: messages.createdAt,
        sender: person,
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(eq(messages.id, id));
    return row ?? null;
  }

  /** A person's unread messages over all their conversations, but those with people they block. */
  async unreadTotal(userId: string): Promise<number> {
    const me = conversationParticipants;
    const [row] = await this.db
      .select({ n: sql<number>`coalesce(sum(${me.unreadCount}), 0)::int` })
      .from(me)
      .where(
        and(
          eq(me.userId, userId),
          sql`not exists (select 1 from ${userBlocks} b
            join ${conversationParticipants} other
              on other.conversation_id = ${me.conversationId} and other.user_id = b.blocked_id
            where b.blocker_id = ${userId})`,
        ),
      );
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
      .where(
        and(
          eq(me.userId, userId),
          sql`not exists (select 1 from ${userBlocks} b
            join ${conversationParticipants} other
              on other.conversation_id = ${conversations.id} and other.user_id = b.blocked_id
            where b.blocker_id = ${userId})`,
        ),
      )
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

  /** Blocks a person; false when that person does not exist. */
  async block(blockerId: string, blockedId: string): Promise<boolean> {
    try {
      await this.db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
      return true;
    } catch (error) {
      if (queryFailureOf(error)?.code === '23503') return false;
      throw error;
    }
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
