/**
 * What a viewer keeps: playlists (with the built-in Watch later), watch history with resume
 * positions, and keyset paging for the long lists (signed-in-areas.md §3, §7; decision 0019).
 */
import { z } from 'zod';
import { Id, IsoDate, partialUpdate } from './common';
import { limits } from './limits';
import { KeysetCursor } from './pagination';
import { hasVisibleText, requiredTextField, trimText } from './text';
import { PlaybackSeconds, Video } from './videos';

/** public: listed on the owner's page; unlisted: readable by its link only; private: owner only. */
export const PlaylistVisibility = z.enum(['public', 'unlisted', 'private']);
export type PlaylistVisibility = z.infer<typeof PlaylistVisibility>;

/** `watch_later`: the built-in list every account has; always private, never renamed or deleted. */
export const PlaylistKind = z.enum(['custom', 'watch_later']);
export type PlaylistKind = z.infer<typeof PlaylistKind>;

/** A video as it sits in a playlist: the full video, plus its place. */
export const PlaylistVideo = Video.extend({
  /** 0-based place in the playlist; pass the last one as `after` for the next page. */
  position: z.number().int(),
  addedAt: IsoDate,
});
export type PlaylistVideo = z.infer<typeof PlaylistVideo>;

export const Playlist = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The owner's id as a plain string (clients compare it with the signed-in user's `_id`). */
  owner: z.string(),
  visibility: PlaylistVisibility,
  kind: PlaylistKind,
  /**
   * The videos the reader may see, in playlist order: by id, the first page (up to `limit`,
   * 200 by default) after `after`; in a list of playlists, the first 4 (for the card). Drafts
   * the reader may not see are left out.
   */
  videos: z.array(PlaylistVideo),
  /** Whether more videos follow the last one in `videos`. */
  hasMoreVideos: z.boolean(),
  /** How many videos of the playlist the reader may see. */
  videoCount: z.number().int(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Playlist = z.infer<typeof Playlist>;
/**
 * A user's playlists: a plain array in `data` (what the spec's client reads), newest first.
 * Paging is the query's `page` and `limit`; the answer's `X-Total-Count` header gives the total
 * the reader may see (as `GET /channels/{id}/videos` does).
 */
export const PlaylistList = z.array(Playlist);
export const UserPlaylistsQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(limits.playlistsPage, `limit is at most ${limits.playlistsPage}`)
    .default(limits.playlistsPage),
});
export type UserPlaylistsQuery = z.input<typeof UserPlaylistsQuery>;
export const playlistsTotalHeader = 'x-total-count';

/** Trimmed of spaces and invisible characters; a name must hold something that shows. */
const PlaylistName = requiredTextField('Playlist name', limits.playlistName, {
  empty: 'Playlist name is required',
});
/** May be empty; one of invisible characters alone is empty. */
const PlaylistDescription = z
  .string()
  .overwrite((text) => (hasVisibleText(text) ? trimText(text) : ''))
  .max(
    limits.playlistDescription,
    `Playlist description must be at most ${limits.playlistDescription} characters`,
  );

export const CreatePlaylistBody = z.object({
  name: PlaylistName,
  /** May be empty (the watch page's quick "create and add" sends ""). */
  description: PlaylistDescription.default(''),
  visibility: PlaylistVisibility.default('public'),
});
export type CreatePlaylistBody = z.input<typeof CreatePlaylistBody>;

export const UpdatePlaylistBody = partialUpdate({
  name: PlaylistName.optional(),
  description: PlaylistDescription.optional(),
  visibility: PlaylistVisibility.optional(),
});
export type UpdatePlaylistBody = z.input<typeof UpdatePlaylistBody>;

export const PlaylistIdParam = z.object({ playlistId: Id });
export const PlaylistVideoParams = z.object({ playlistId: Id, videoId: Id });

/** Keyset paging of a playlist's videos: those after position `after`, at most `limit`. */
export const PlaylistQuery = z.object({
  after: z.coerce.number().int().min(0).max(limits.playlistVideos).optional(),
  limit: z.coerce.number().int().min(1).max(200, 'limit is at most 200').default(200),
});
export type PlaylistQuery = z.input<typeof PlaylistQuery>;

export const MovePlaylistVideoBody = z.object({
  /** The 0-based place to move the video to; the others shift to make room. */
  position: z
    .number()
    .int()
    .min(0)
    .max(limits.playlistVideos - 1),
});
export type MovePlaylistVideoBody = z.input<typeof MovePlaylistVideoBody>;

export const WatchLaterToggleResult = z.object({
  /** Whether the video is in Watch later now. */
  isSaved: z.boolean(),
  playlistId: z.string(),
  videoCount: z.number().int(),
});
export type WatchLaterToggleResult = z.infer<typeof WatchLaterToggleResult>;

/**
 * Keyset paging of a long list answered as a plain array: each entry carries an opaque
 * `cursor`; pass the last entry's as `cursor` for the next page (an empty page is the end).
 */
export const CursorQuery = z.object({
  cursor: KeysetCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(50),
});
export type CursorQuery = z.input<typeof CursorQuery>;

export const HistoryEntry = Video.extend({
  watchedAt: IsoDate,
  /** Where playback was last saved, in seconds: the place to resume from. */
  positionSeconds: z.number(),
  cursor: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;
export const WatchHistory = z.array(HistoryEntry);

export const SaveWatchPositionBody = z.object({
  positionSeconds: PlaybackSeconds,
});
export type SaveWatchPositionBody = z.input<typeof SaveWatchPositionBody>;

export const SaveWatchPositionResult = z.object({
  /** False while history is paused: nothing was kept. */
  recorded: z.boolean(),
  positionSeconds: z.number(),
});
export type SaveWatchPositionResult = z.infer<typeof SaveWatchPositionResult>;

export const HistorySettings = z.object({
  /** While paused, nothing is added to the history nor moved in it (views still count). */
  paused: z.boolean(),
});
export type HistorySettings = z.infer<typeof HistorySettings>;

/**
 * The videos of one grid of cards, to draw the part watched: up to 100 ids, comma-separated.
 * Repeated ids count once.
 */
export const WatchPositionsQuery = z.object({
  videoIds: z
    .string({ message: 'videoIds is required' })
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim()))])
    .pipe(
      z
        .array(Id)
        .min(1, 'videoIds is required')
        .max(limits.watchPositionsBatch, `At most ${limits.watchPositionsBatch} videoIds`),
    ),
});
export type WatchPositionsQuery = z.input<typeof WatchPositionsQuery>;

/** Where the caller stopped in a video they watched (only videos in their history answer). */
export const WatchPosition = z.object({
  videoId: z.string(),
  positionSeconds: z.number(),
  watchedAt: IsoDate,
});
export type WatchPosition = z.infer<typeof WatchPosition>;
export const WatchPositions = z.array(WatchPosition);

export const ClearHistoryResult = z.object({ removed: z.number().int() });
export type ClearHistoryResult = z.infer<typeof ClearHistoryResult>;
