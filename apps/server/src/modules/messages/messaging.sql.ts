/** What the messaging repositories share: how a person is read, and the pair rules in SQL. */
import { sql, type SQLWrapper } from 'drizzle-orm';
import { conversationParticipants, userBlocks, users } from '../../platform/db/schema';

export interface PersonRow {
  id: string;
  username: string;
  fullname: string;
  avatarKey: string | null;
}

/** The columns of a person as messaging shows them. */
export const person = {
  id: users.id,
  username: users.username,
  fullname: users.fullname,
  avatarKey: users.avatarKey,
};

/** The pair's ids in the order the conversations table keeps them. */
export const ordered = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/** Either of the two blocks the other (ids, or columns holding them). */
export const blockedBetween = (a: string | SQLWrapper, b: string | SQLWrapper) => sql`exists (
  select 1 from ${userBlocks}
  where (${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b})
     or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a}))`;

/**
 * The conversation has another member whom the reader blocks: it is left out of the reader's
 * conversations and unread counts. Both are columns (or parameters) of the enclosing query.
 */
export const hasMemberBlockedBy = (reader: SQLWrapper | string, conversationId: SQLWrapper) =>
  sql`exists (select 1 from ${userBlocks} b
    join ${conversationParticipants} other
      on other.conversation_id = ${conversationId} and other.user_id = b.blocked_id
    where b.blocker_id = ${reader})`;
