import type { CreatePlaylistBody, Playlist, UpdatePlaylistBody, Video } from '@kinora/contract';
import { limits } from '@kinora/contract';
import { api } from '../../../lib/api';

/** The spec's words for playlists (signed-in-areas §2, §4, §5, §8). */
export const playlistText = {
  loading: 'Loading playlists',
  signedOutMessage: 'Sign in to build playlists and keep videos to watch later.',
  signedOutTitle: 'Access Your Playlists',
  heading: 'Your Playlists',
  create: 'Create Playlist',
  empty: 'No playlists yet',
  createFirst: 'Create Your First Playlist',
  edit: 'Edit playlist',
  delete: 'Delete playlist',
  badge: 'PLAYLIST',
  noThumbnail: 'No Thumbnail',
  emptyPlaylist: 'Empty Playlist',
  noThumbnailAvailable: 'No Thumbnail Available',
  nameRequired: 'Playlist name is required',
  descriptionRequired: 'Playlist description is required',
  selectOne: 'Please select at least one video',
  confirmDelete: 'Are you sure you want to delete this playlist?',
  confirmRemove: 'Are you sure you want to remove this video from the playlist?',
  copied: 'Playlist URL copied to clipboard!',
  copyFailed: 'Failed to copy playlist link',
  notFound: 'Playlist not found',
  fetchFailed: 'Failed to fetch playlist',
  fetchListFailed: 'Failed to fetch playlists',
  removeFailed: 'Failed to remove video from playlist',
  deleteFailed: 'Failed to delete playlist',
  updateFailed: 'Failed to update playlist',
  createFailed: 'Failed to create playlist',
  fetchVideosFailed: 'Failed to fetch videos',
  addFailed: 'Failed to add videos to playlist',
  moveFailed: 'Failed to move video',
  watchLater: 'Watch later',
} as const;

export const PLAYLIST_NAME_MAX = limits.playlistName;
export const PLAYLIST_DESCRIPTION_MAX = limits.playlistDescription;
/** The Add Videos picker lists the user's own videos, 50 at most (spec §9). */
export const PICKER_LIMIT = 50;

/** Playlists a page of `/playlists` holds (the server's largest page). */
export const PLAYLISTS_PAGE_SIZE = limits.playlistsPage;

/** Query keys of this feature; other screens invalidate through {@link playlistKeys.all}. */
export const playlistKeys = {
  all: ['playlists'] as const,
  ofUser: (userId: string) => ['playlists', 'user', userId] as const,
  /** The same list a page at a time, for `/playlists` (below `ofUser`: invalidated with it). */
  pagesOfUser: (userId: string) => ['playlists', 'user', userId, 'pages'] as const,
  detail: (playlistId: string) => ['playlists', 'detail', playlistId] as const,
  /** Which videos are in the person's Watch later (the cards' one-click button reads it). */
  watchLater: (userId: string) => ['playlists', 'watch-later', userId] as const,
  /**
   * The Add Videos picker's list of one's videos: a video changed elsewhere changes it. Apart
   * from `all`, so that adding videos to a playlist does not read the picker again.
   */
  pickerVideosAll: ['playlists-picker'] as const,
  pickerVideos: (userId: string) =>
    ['playlists-picker', 'videos', { userId, limit: PICKER_LIMIT }] as const,
};

/** The watch page's address for a video played from this playlist. */
export function playlistVideoPath(playlistId: string, videoId: string): string {
  return `/video/${encodeURIComponent(videoId)}?playlist=${encodeURIComponent(playlistId)}`;
}

/** The user's playlists, newest first (Watch later first for its owner): the first page. */
export function fetchUserPlaylists(userId: string, signal?: AbortSignal): Promise<Playlist[]> {
  return fetchUserPlaylistsPage(userId, 1, signal);
}

/** One page of them; a full page means there may be another. */
export function fetchUserPlaylistsPage(
  userId: string,
  page: number,
  signal?: AbortSignal,
): Promise<Playlist[]> {
  return api('userPlaylists', {
    params: { userId },
    query: { page, limit: PLAYLISTS_PAGE_SIZE },
    signal,
  });
}

export function fetchPlaylist(playlistId: string, signal?: AbortSignal): Promise<Playlist> {
  return api('getPlaylist', { params: { playlistId }, signal });
}

/** The videos after position `after` (keyset paging past the first 200 of a long playlist). */
export function fetchPlaylistPage(playlistId: string, after: number): Promise<Playlist> {
  return api('getPlaylist', { params: { playlistId }, query: { after } });
}

export function createPlaylist(body: CreatePlaylistBody): Promise<Playlist> {
  return api('createPlaylist', { body });
}

export function updatePlaylist(playlistId: string, body: UpdatePlaylistBody): Promise<Playlist> {
  return api('updatePlaylist', { params: { playlistId }, body });
}

export async function deletePlaylist(playlistId: string): Promise<void> {
  await api('deletePlaylist', { params: { playlistId } });
}

export function addVideoToPlaylist(playlistId: string, videoId: string): Promise<Playlist> {
  return api('addPlaylistVideo', { params: { playlistId, videoId } });
}

export function removeVideoFromPlaylist(playlistId: string, videoId: string): Promise<Playlist> {
  return api('removePlaylistVideo', { params: { playlistId, videoId } });
}

export function movePlaylistVideo(
  playlistId: string,
  videoId: string,
  position: number,
): Promise<Playlist> {
  return api('movePlaylistVideo', { params: { playlistId, videoId }, body: { position } });
}

export function toggleWatchLater(videoId: string) {
  return api('toggleWatchLater', { params: { videoId } });
}

/** What the Save buttons need to know of Watch later: its id and the videos in it. */
export interface WatchLaterState {
  playlistId: string;
  videoIds: ReadonlySet<string>;
}

/** Watch later's videos, every page of them (200 a page, 5,000 at most): ids only are kept. */
export async function fetchWatchLaterState(signal?: AbortSignal): Promise<WatchLaterState> {
  let page = await api('getWatchLater', { signal });
  const videoIds = new Set(page.videos.map((v) => v._id));
  while (page.hasMoreVideos && page.videos.length > 0) {
    const after = page.videos[page.videos.length - 1]!.position;
    page = await api('getWatchLater', { query: { after }, signal });
    for (const v of page.videos) videoIds.add(v._id);
  }
  return { playlistId: page._id, videoIds };
}

/** The signed-in person's Watch later as a query every Save button shares (one call). */
export const watchLaterQuery = (userId: string) => ({
  queryKey: playlistKeys.watchLater(userId),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchWatchLaterState(signal),
});

/** The user's own videos for the Add Videos picker (drafts included: they are theirs). */
export async function fetchPickerVideos(userId: string, signal?: AbortSignal): Promise<Video[]> {
  const page = await api('listVideos', { query: { userId, limit: PICKER_LIMIT }, signal });
  return page.videos;
}

/** 'video' or 'videos' after the count, as the card's badge reads. */
export function videoCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'video' : 'videos'}`;
}

/** The user's playlists as a query other screens (the library) can load and share. */
export const userPlaylistsQuery = (userId: string) => ({
  queryKey: playlistKeys.ofUser(userId),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchUserPlaylists(userId, signal),
});
