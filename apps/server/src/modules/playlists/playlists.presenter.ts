import type { Playlist } from '@kinora/contract';
import type { Storage } from '../../platform/storage/storage';
import { presentVideo, presentVideoCardsWith } from '../videos';
import type { PlaylistItemCard } from './playlists.repository';
import type { PlaylistView } from './playlists.service';

/** A playlist's own fields, whichever way its videos are written. */
function playlistFields(view: PlaylistView<unknown>): Omit<Playlist, 'videos'> {
  const { playlist } = view;
  return {
    _id: playlist.id,
    name: playlist.name,
    description: playlist.description,
    owner: playlist.ownerId,
    visibility: playlist.visibility,
    kind: playlist.kind,
    hasMoreVideos: view.hasMoreVideos,
    videoCount: view.videoCount,
    createdAt: playlist.createdAt.toISOString(),
    updatedAt: playlist.updatedAt.toISOString(),
  };
}

export function presentPlaylist(view: PlaylistView, storage: Storage): Playlist {
  return {
    ...playlistFields(view),
    videos: view.videos.map((v) => ({
      ...presentVideo(v, storage),
      position: v.position,
      addedAt: v.addedAt.toISOString(),
    })),
  };
}

/**
 * `presentPlaylist` of a page whose videos are their cards (decision 0064): each card's text
 * with the item's place after it, as `presentPlaylist` writes them (the same values).
 */
export function presentPlaylistPage(view: PlaylistView<PlaylistItemCard>): Playlist {
  return {
    ...playlistFields(view),
    videos: presentVideoCardsWith<PlaylistItemCard, Playlist['videos'][number]>(
      view.videos,
      (item) =>
        `,"position":${JSON.stringify(item.position)}` +
        `,"addedAt":${JSON.stringify(item.addedAt.toISOString())}`,
    ),
  };
}
