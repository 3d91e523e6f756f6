/**
 * Who may see and do what with a video. Each rule exists once here; services call them before
 * they read or write. A video is public (`isPublished`), unlisted (anyone with its link) or
 * private (its owner and staff), decision 0039. Queries narrow videos with one of two SQL forms
 * of these rules (a test holds each to its rule): `videosVisibleTo`, what may be *listed* to a
 * viewer (`canListVideo`: feeds, search, channels, related), and `videosWatchableBy`, what the
 * viewer may *reach* by a link or a list of their own (`canSeeVideo`: the video, its comments, a
 * playlist, one's history and likes).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isStaff, type Viewer } from '../../platform/auth/roles';
import { videos } from '../../platform/db/schema';
import { forbidden, notFound } from '../../platform/http/errors';

/** What the rules look at: whose video it is, whether public or unlisted, whether hidden. */
export interface PolicyVideo {
  ownerId: string;
  isPublished: boolean;
  isUnlisted: boolean;
  /** Set when a moderator hid it (or banned its owner): then its owner's and staff's alone. */
  hiddenAt: Date | null;
}

/** Public or unlisted, and not hidden by a moderator: out for anyone who has the link. */
const isOut = (video: PolicyVideo) =>
  (video.isPublished || video.isUnlisted) && video.hiddenAt === null;

/**
 * `isOut` in SQL for one way out: `shown` (`is_published`, or `is_unlisted`) and not hidden.
 * The two SQL forms below are built from it, so "out" is written once for queries too.
 */
const outBy = (shown: AnyPgColumn, hiddenAt: AnyPgColumn): SQL =>
  sql`(${shown} and ${hiddenAt} is null)`;

const isOwner = (viewer: Viewer | null, video: PolicyVideo) => viewer?.userId === video.ownerId;

/** The drafts of a channel reach its owner, and moderators and admins, who review them. */
export function canSeeDraftsOf(viewer: Viewer | null, ownerId: string): boolean {
  return viewer?.userId === ownerId || isStaff(viewer);
}

/**
 * A public or unlisted video is everyone's who has its link; a private one (a draft) is its
 * owner's (and staff's, to review).
 */
export function canSeeVideo(viewer: Viewer | null, video: PolicyVideo): boolean {
  return isOut(video) || canSeeDraftsOf(viewer, video.ownerId);
}

/** Listings offer public videos only, and a channel's owner (and staff) all of its videos. */
export function canListVideo(viewer: Viewer | null, video: PolicyVideo): boolean {
  return (video.isPublished && video.hiddenAt === null) || canSeeDraftsOf(viewer, video.ownerId);
}

/** The embed page and oEmbed give out public and unlisted videos, never a private one. */
export function canEmbedVideo(video: PolicyVideo): boolean {
  return isOut(video);
}

/** Editing, publishing and deleting belong to the owner alone; a moderator looks, not touches. */
export function canEditVideo(viewer: Viewer | null, video: PolicyVideo): boolean {
  return isOwner(viewer, video);
}

/**
 * Likes and comments go on published videos, or on one's own draft: staff may see a draft but
 * leave no trace on it.
 */
export function canInteractWithVideo(viewer: Viewer | null, video: PolicyVideo): boolean {
  return isOut(video) || isOwner(viewer, video);
}

/**
 * Views and watch history are traces of watching what is out: the owner and staff reviewing a
 * draft leave neither, so a draft goes out with no views and nobody's history holds it.
 */
export function leavesWatchTraces(video: PolicyVideo): boolean {
  return isOut(video);
}

/** The columns a video's visibility is read from: the videos table, or an alias of it. */
interface VisibilityColumns {
  isPublished: AnyPgColumn;
  isUnlisted: AnyPgColumn;
  ownerId: AnyPgColumn;
  hiddenAt: AnyPgColumn;
}

/**
 * The videos this viewer may be offered in a listing, as a condition on the `videos` table: the
 * SQL form of `canListVideo`, used by every query that lists videos (feeds, search, channels,
 * trending, related). For a visitor it is `is_published` (the predicate of the partial indexes
 * on published videos, so public listings keep those indexes) and not hidden by a moderator
 * (decision 0038); the owner lists all of theirs.
 */
export function videosVisibleTo(
  viewer: Viewer | null,
  /** The videos table, or an alias of it when a query joins it twice. */
  table: { isPublished: AnyPgColumn; ownerId: AnyPgColumn; hiddenAt: AnyPgColumn } = videos,
): SQL {
  if (isStaff(viewer)) return sql`true`;
  const out = outBy(table.isPublished, table.hiddenAt);
  if (!viewer) return out;
  return sql`(${out} or ${table.ownerId} = ${viewer.userId})`;
}

/**
 * The videos this viewer may reach, as a condition on the `videos` table: the SQL form of
 * `canSeeVideo`, what `videosVisibleTo` lists plus the unlisted videos (whose link the reader
 * has). Used where the reader names the video or keeps it in a list of their own or of a
 * playlist: comments, playlists' items, one's history and likes, notifications.
 */
export function videosWatchableBy(viewer: Viewer | null, table: VisibilityColumns = videos): SQL {
  return sql`(${outBy(table.isUnlisted, table.hiddenAt)} or ${videosVisibleTo(viewer, table)})`;
}

/**
 * The videos this viewer may like or comment on, as a condition on the `videos` table: the SQL
 * form of `canInteractWithVideo` (out for anyone, or their own), so a like can check and write
 * in one statement.
 */
export function videosInteractableBy(
  viewer: Viewer | null,
  table: VisibilityColumns = videos,
): SQL {
  const out = videosWatchableBy(null, table);
  if (!viewer) return out;
  return sql`(${out} or ${table.ownerId} = ${viewer.userId})`;
}

/** A video the viewer may not see is not there for them: a draft's existence is not told. */
export function assertCanSeeVideo<V extends PolicyVideo>(
  viewer: Viewer | null,
  video: V | null,
): asserts video is V {
  if (!video || !canSeeVideo(viewer, video)) throw notFound('Video');
}

export function assertCanEditVideo<V extends PolicyVideo>(
  viewer: Viewer,
  video: V | null,
): asserts video is V {
  assertCanSeeVideo(viewer, video);
  if (!canEditVideo(viewer, video)) throw forbidden('Only the owner can change this video');
}

export function assertCanInteractWithVideo(viewer: Viewer, video: PolicyVideo | null): void {
  assertCanSeeVideo(viewer, video);
  if (!canInteractWithVideo(viewer, video)) {
    throw forbidden('Only the owner can like or comment on a draft');
  }
}
