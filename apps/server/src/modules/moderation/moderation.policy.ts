/**
 * Who may report and who may moderate (issue 21 item 5, decision 0038). Anyone signed in may
 * report what they can see, never their own thing. Moderators and admins read the queue and the
 * audit log and act on reports; nobody acts on their own things or account, and a moderator
 * does not act on an admin's. Watched words are the admins' to keep. A held comment is its
 * video owner's to approve; a held tweet (its author is its channel's owner) is staff's.
 */
import { isStaff, type UserRole, type Viewer } from '../../platform/auth/roles';
import { badRequest, conflict, forbidden } from '../../platform/http/errors';

export interface PolicyTarget {
  /** Whose the thing is (the account itself for an account); null for a conversation. */
  ownerId: string | null;
  ownerRole: UserRole | null;
}

export function canModerate(viewer: Viewer | null): boolean {
  return isStaff(viewer);
}

/** The queue, the log and every action are staff's; others are told it is not for them. */
export function assertCanModerate(viewer: Viewer): void {
  if (!canModerate(viewer)) throw forbidden('Only moderators and admins can do that');
}

/** Neither oneself nor, for a moderator, an admin: the one who decides must be someone else. */
export function canActOn(viewer: Viewer, target: PolicyTarget): boolean {
  if (!canModerate(viewer)) return false;
  if (target.ownerId === viewer.userId) return false;
  return !(viewer.role === 'moderator' && target.ownerRole === 'admin');
}

export function assertCanActOn(viewer: Viewer, target: PolicyTarget): void {
  assertCanModerate(viewer);
  if (target.ownerId === viewer.userId) {
    throw badRequest('You cannot moderate your own things or your own account');
  }
  if (!canActOn(viewer, target)) throw forbidden('A moderator cannot act on an admin');
}

/** One's own thing is not reported: delete or edit it instead. */
export function assertCanReport(viewer: Viewer, target: PolicyTarget): void {
  if (target.ownerId === viewer.userId) throw badRequest('You cannot report your own things');
}

export function canManageWatchedWords(viewer: Viewer): boolean {
  return viewer.role === 'admin';
}

export function assertCanManageWatchedWords(viewer: Viewer): void {
  if (!canManageWatchedWords(viewer)) throw forbidden('Only admins can change the watched words');
}

/** A held comment waits for its video's owner; a held tweet for staff. */
export function canReviewHeld(
  viewer: Viewer,
  held: { kind: 'comment' | 'tweet'; videoOwnerId: string | null },
): boolean {
  return held.kind === 'comment' ? held.videoOwnerId === viewer.userId : isStaff(viewer);
}

export function assertCanReviewHeld(
  viewer: Viewer,
  held: { kind: 'comment' | 'tweet'; videoOwnerId: string | null },
): void {
  if (!canReviewHeld(viewer, held)) {
    throw forbidden(
      held.kind === 'comment'
        ? 'Only the video’s owner can approve its held comments'
        : 'Only moderators and admins can approve held tweets',
    );
  }
}

/** A second report of the same thing by the same person. */
export const alreadyReported = () => conflict('CONFLICT', 'You have already reported this');
