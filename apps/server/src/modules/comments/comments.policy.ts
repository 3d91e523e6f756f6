/**
 * Who may do what with a comment. Seeing one follows its video (`videosVisibleTo` in the
 * repository's reads); these rules decide the writes.
 */
import type { Viewer } from '../../platform/auth/roles';
import { forbidden } from '../../platform/http/errors';
import { assertCanInteractWithVideo, type PolicyVideo } from '../videos';

interface PolicyComment {
  ownerId: string;
  video: PolicyVideo;
}

/** Only the author changes their words. */
export function canEditComment(actor: Viewer, comment: PolicyComment): boolean {
  return actor.userId === comment.ownerId;
}

/** The author may remove a comment, and so may the owner of the video it is under. */
export function canDeleteComment(actor: Viewer, comment: PolicyComment): boolean {
  return actor.userId === comment.ownerId || actor.userId === comment.video.ownerId;
}

/** A comment goes where a like may: a published video, or one's own draft. */
export function assertCanCommentOn(actor: Viewer, video: PolicyVideo): void {
  assertCanInteractWithVideo(actor, video);
}

export function assertCanEditComment(actor: Viewer, comment: PolicyComment): void {
  if (!canEditComment(actor, comment)) throw forbidden('Only the author can edit this comment');
}

export function assertCanDeleteComment(actor: Viewer, comment: PolicyComment): void {
  if (!canDeleteComment(actor, comment)) {
    throw forbidden('Only the author or the video’s owner can delete this comment');
  }
}

/**
 * Pinning and the creator heart belong to the video's creator alone (issue 21 item 3): they
 * speak for the channel, so a moderator does not give them either.
 */
export function canMarkComment(actor: Viewer, comment: PolicyComment): boolean {
  return actor.userId === comment.video.ownerId;
}

export function assertCanPinComment(actor: Viewer, comment: PolicyComment): void {
  if (!canMarkComment(actor, comment)) {
    throw forbidden('Only the video’s creator can pin a comment');
  }
}

export function assertCanHeartComment(actor: Viewer, comment: PolicyComment): void {
  if (!canMarkComment(actor, comment)) {
    throw forbidden('Only the video’s creator can heart a comment');
  }
}

/** A reply goes where a comment may: under a comment the author can see, on a video open to it. */
export function assertCanReplyTo(actor: Viewer, comment: PolicyComment): void {
  assertCanInteractWithVideo(actor, comment.video);
}
