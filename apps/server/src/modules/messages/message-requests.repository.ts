import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MessagePolicy } from '@kinora/contract';
import type { Database, Tx } from '../../platform/db/client';
import {
  conversations,
  messageRequests,
  subscriptions,
  userBlocks,
  users,
} from '../../platform/db/schema';
import { conversationOf, openConversation } from './conversations.repository';
import { insertMessage, type MessageRow } from './messages.repository';
import { blockedBetween, ordered, person, type PersonRow } from './messaging.sql';

export interface RequestRow {
  id: string;
  content: string;
  createdAt: Date;
  sender: PersonRow;
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

/** Message requests: asking to chat, and the answer that opens a conversation. */
export class MessageRequestsRepository {
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
              ? await conversationOf(tx, before.senderId, receiverId)
              : null,
        };
      }
      if (action === 'decline') return { kind: 'declined', senderId: answered.senderId };

      const conversationId = await openConversation(tx, answered.senderId, receiverId);
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
      const firstMessage = await insertMessage(tx, {
        conversationId,
        senderId: answered.senderId,
        content: answered.content,
        createdAt: answered.createdAt,
      });
      for (const other of reverse) {
        await insertMessage(tx, { conversationId, senderId: receiverId, ...other });
      }
      return { kind: 'accepted', senderId: answered.senderId, conversationId, firstMessage };
    });
  }
}
