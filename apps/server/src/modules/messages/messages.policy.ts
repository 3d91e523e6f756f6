/**
 * Who may do what in messaging. A conversation is its members' alone (staff included: reports
 * will carry what moderators need); a request is answered by its receiver alone; who may ask
 * is the receiver's choice (`messagePolicy`) and neither of two people who block one another
 * may reach the other.
 */
import type { MessagePolicy } from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';

/** Reading and posting alike: members only. Others are told it does not exist. */
export function isConversationMember(actor: Viewer, memberIds: readonly string[]): boolean {
  return memberIds.includes(actor.userId);
}

export function assertConversationMember(actor: Viewer, memberIds: readonly string[]): void {
  if (!isConversationMember(actor, memberIds)) throw notFound('Conversation');
}

/** What decides whether a person may talk in a conversation: its members, and any block. */
export interface TalkFacts {
  memberIds: string[];
  /** The person and another member block one another (either way). */
  isBlocked: boolean;
}

/**
 * Posting a message, joining the conversation's room on the socket and re-announcing a message
 * there alike: members only (others are told it does not exist), and nothing while either of
 * the two blocks the other (the same refusal both ways).
 */
export function assertMayTalkIn(actor: Viewer, facts: TalkFacts): void {
  assertConversationMember(actor, facts.memberIds);
  if (facts.isBlocked) throw forbidden(messageRefused);
}

/** Only the receiver answers a request; the repository finds requests by their receiver. */
export function canRespondToRequest(actor: Viewer, request: { receiverId: string }): boolean {
  return actor.userId === request.receiverId;
}

export interface RequestAudience {
  receiverId: string;
  receiverPolicy: MessagePolicy;
  receiverFollowsSender: boolean;
  /** Either blocks the other. */
  isBlocked: boolean;
}

/**
 * Whether the receiver hears requests from this sender. A block and the receiver's choice give
 * the same answer, so a blocked sender cannot tell one from the other.
 */
export function canSendRequestTo(actor: Viewer, audience: RequestAudience): boolean {
  if (audience.isBlocked) return false;
  switch (audience.receiverPolicy) {
    case 'everyone':
      return true;
    case 'subscriptions':
      return audience.receiverFollowsSender;
    case 'nobody':
      return false;
  }
}

export const requestRefused = 'This user is not accepting message requests';
export const messageRefused = 'You cannot message this user';

export function assertNotSelf(actor: Viewer, otherId: string, what: string): void {
  if (actor.userId === otherId) throw badRequest(`You cannot ${what} yourself`);
}

export function assertCanSendRequestTo(actor: Viewer, audience: RequestAudience): void {
  assertNotSelf(actor, audience.receiverId, 'send a message request to');
  if (!canSendRequestTo(actor, audience)) throw forbidden(requestRefused);
}
