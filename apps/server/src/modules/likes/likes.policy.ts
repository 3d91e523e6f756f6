/**
 * Who may see and do what with likes. What can be liked follows the videos' rules (a comment's
 * like follows its video); tweets are public.
 */
import type { Viewer } from '../../platform/auth/roles';
import { forbidden } from '../../platform/http/errors';

/** A person's likes are theirs alone to see: not even staff read them. */
export function canSeeLikedVideos(actor: Viewer, userId: string): boolean {
  return actor.userId === userId;
}

export function assertCanSeeLikedVideos(actor: Viewer, userId: string): void {
  if (!canSeeLikedVideos(actor, userId)) throw forbidden('Liked videos are private');
}
