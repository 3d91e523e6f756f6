import type { Playlist } from '@kinora/contract';
import type { Storage } from '../../platform/storage/storage';
import { presentVideo } from '../videos';
import type { PlaylistView } from './playlists.service';

export function presentPlaylist(view: PlaylistView, storage: Storage): Playlist {
  const { playlist } = view;
  return {
    _id: playlist.id,
    name: playlist.name,
    description: playlist.description,
    owner: playlist.ownerId,
    visibility: playlist.visibility,
    kind: playlist.kind,
    videos: view.videos.map((v) => ({
      ...presentVideo(v, storage),
      position: v.position,
      addedAt: v.addedAt.toISOString(),
    })),
    hasMoreVideos: view.hasMoreVideos,
    videoCount: view.videoCount,
    createdAt: playlist.createdAt.toISOString(),
    updatedAt: playlist.updatedAt.toISOString(),
  };
}
