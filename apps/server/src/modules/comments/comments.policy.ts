/**
 * Who may do what with a comment. Seeing one follows its video (`videosVisibleTo` in the
 * repository's reads) and its moderation (`commentsVisibleTo`); these rules decide the writes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isStaff, type Viewer } from '../../platform/auth/roles';
import { comments, videos } from '../../platform/db/schema';
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

/**
 * Moderation's part of seeing a comment (decision 0038), on `comments` joined to its `videos`
 * row: a comment a moderator hid is its author's (and staff's) alone; one held for a watched
 * word is its author's and its video owner's, who approves or rejects it.
 */
export function commentsVisibleTo(viewer: Viewer | null): SQL {
  if (isStaff(viewer)) return sql`true`;
  if (!viewer) return sql`(${comments.hiddenAt} is null and ${comments.heldAt} is null)`;
  return sql`((${comments.hiddenAt} is null and (${comments.heldAt} is null
      or ${videos.ownerId} = ${viewer.userId})) or ${comments.ownerId} = ${viewer.userId})`;
}
