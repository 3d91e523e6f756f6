/**
 * Who may see and change a playlist. A private playlist is its owner's alone (staff included:
 * it is a person's own collection, like their likes); an unlisted one is read by whoever has
 * its link; only public ones are listed on the owner's page. Only the owner changes one, and
 * the built-in Watch later is never renamed, made public or deleted (decision 0019).
 */
import type { Viewer } from '../../platform/auth/roles';
import { AppError, forbidden, notFound } from '../../platform/http/errors';
import { assertCanInteractWithVideo, type PolicyVideo } from '../videos';
import type { PlaylistRow } from './playlists.repository';

export type PolicyPlaylist = Pick<PlaylistRow, 'ownerId' | 'visibility' | 'kind'>;

const isOwner = (viewer: Viewer | null, playlist: PolicyPlaylist) =>
  viewer?.userId === playlist.ownerId;

/** Public and unlisted playlists are read by anyone with the id; private ones by the owner. */
export function canSeePlaylist(viewer: Viewer | null, playlist: PolicyPlaylist): boolean {
  return playlist.visibility !== 'private' || isOwner(viewer, playlist);
}

/** The owner's page lists every playlist of theirs to them, the public ones to others. */
export function canListPlaylist(viewer: Viewer | null, playlist: PolicyPlaylist): boolean {
  return playlist.visibility === 'public' || isOwner(viewer, playlist);
}

/** Renaming, deleting, adding, removing and reordering belong to the owner alone. */
export function canEditPlaylist(viewer: Viewer | null, playlist: PolicyPlaylist): boolean {
  return isOwner(viewer, playlist);
}

/** Watch later is built in: it keeps its name, stays private and is never deleted. */
export function isBuiltInPlaylist(playlist: PolicyPlaylist): boolean {
  return playlist.kind === 'watch_later';
}

/** A playlist the viewer may not see is not there for them. */
export function assertCanSeePlaylist<P extends PolicyPlaylist>(
  viewer: Viewer | null,
  playlist: P | null,
): asserts playlist is P {
  if (!playlist || !canSeePlaylist(viewer, playlist)) throw notFound('Playlist');
}

export function assertCanEditPlaylist<P extends PolicyPlaylist>(
  actor: Viewer,
  playlist: P | null,
): asserts playlist is P {
  assertCanSeePlaylist(actor, playlist);
  if (!canEditPlaylist(actor, playlist)) {
    throw forbidden('Only the owner can change this playlist');
  }
}

export function assertCanRenameOrDeletePlaylist(playlist: PolicyPlaylist): void {
  if (isBuiltInPlaylist(playlist)) {
    throw new AppError(
      'CONFLICT',
      'Watch later is built in: it cannot be renamed, made public or deleted',
    );
  }
}

/**
 * A video goes into a playlist where a like may go: a published video, or one's own draft. A
 * draft of someone else is not found; staff, who may see it, leave no trace on it.
 */
export function assertCanAddVideo(actor: Viewer, video: PolicyVideo | null): void {
  assertCanInteractWithVideo(actor, video);
}
