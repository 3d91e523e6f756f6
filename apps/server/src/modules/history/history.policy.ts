/**
 * Who may read a watch history. A person's history is theirs alone, staff included (as their
 * likes are): every history call acts on the caller's own rows, and reads that name videos
 * (positions for a grid of cards) answer only from the caller's history, whoever else watched.
 */
import type { Viewer } from '../../platform/auth/roles';
import { forbidden } from '../../platform/http/errors';

export function canSeeWatchHistory(viewer: Viewer | null, historyOwnerId: string): boolean {
  return viewer !== null && viewer.userId === historyOwnerId;
}

export function assertCanSeeWatchHistory(viewer: Viewer, historyOwnerId: string): void {
  if (!canSeeWatchHistory(viewer, historyOwnerId)) throw forbidden('Watch history is private');
}
