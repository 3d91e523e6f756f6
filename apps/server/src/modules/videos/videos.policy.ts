/**
 * Who may see and do what with a video. Each rule exists once here; services call them before
 * they read or write, and every query that reaches videos narrows them with `videosVisibleTo`,
 * the same `canSeeVideo` rule written in SQL (a test holds the two to the same answers).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isStaff, type Viewer } from '../../platform/auth/roles';
import { videos } from '../../platform/db/schema';
import { forbidden, notFound } from '../../platform/http/errors';

/** What the rules look at: whose video it is, whether it is published, whether hidden. */
export interface PolicyVideo {
  ownerId: string;
  isPublished: boolean;
  /** Set when a moderator hid it (or banned its owner): then its owner's and staff's alone. */
  hiddenAt: Date | null;
}

const isOwner = (viewer: Viewer | null, video: PolicyVideo) => viewer?.userId === video.ownerId;

/** The drafts of a channel reach its owner, and moderators and admins, who review them. */
export function canSeeDraftsOf(viewer: Viewer | null, ownerId: string): boolean {
  return viewer?.userId === ownerId || isStaff(viewer);
}

/** A published video is everyone's; a draft is its owner's (and staff's, to review). */
export function canSeeVideo(viewer: Viewer | null, video: PolicyVideo): boolean {
  return (video.isPublished && video.hiddenAt === null) || canSeeDraftsOf(viewer, video.ownerId);
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
  return (video.isPublished && video.hiddenAt === null) || isOwner(viewer, video);
}

/**
 * Views and watch history are traces of watching what is out: the owner and staff reviewing a
 * draft leave neither, so a draft goes out with no views and nobody's history holds it.
 */
export function leavesWatchTraces(video: PolicyVideo): boolean {
  return video.isPublished && video.hiddenAt === null;
}

/**
 * The videos this viewer may see, as a condition on the `videos` table: the SQL form of
 * `canSeeVideo`, used by every query that reaches videos (listings, search, channels, liked
 * videos, comments). For a visitor it is `is_published` alone, the predicate of the partial
 * indexes on published videos, so public listings keep those indexes. A video a moderator hid
 * is left out for all but its owner (`notHiddenFrom`, decision 0038).
 */
export function videosVisibleTo(
  viewer: Viewer | null,
  /** The videos table, or an alias of it when a query joins it twice. */
  table: { isPublished: AnyPgColumn; ownerId: AnyPgColumn; hiddenAt: AnyPgColumn } = videos,
): SQL {
  if (isStaff(viewer)) return sql`true`;
  if (!viewer) return sql`(${table.isPublished} and ${notHiddenFrom(viewer, table)})`;
  return sql`((${table.isPublished} and ${notHiddenFrom(viewer, table)}) or ${table.ownerId} = ${viewer.userId})`;
}

/** Not hidden by a moderator, unless the viewer owns it (moderation, decision 0038). */
function notHiddenFrom(
  viewer: Viewer | null,
  table: { ownerId: AnyPgColumn; hiddenAt: AnyPgColumn },
): SQL {
  return viewer
    ? sql`(${table.hiddenAt} is null or ${table.ownerId} = ${viewer.userId})`
    : sql`${table.hiddenAt} is null`;
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
