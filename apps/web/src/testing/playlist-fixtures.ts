import type { Playlist, PlaylistVideo } from '@kinora/contract';
import { makeUser } from './fixtures';
import { makeVideo } from './video-fixtures';

/** Playlists as the server presents them (tests only). */

let sequence = 0;

/** A video in a playlist at `position`, with its own id. */
export function makePlaylistVideo(
  position: number,
  overrides: Partial<PlaylistVideo> = {},
): PlaylistVideo {
  sequence += 1;
  return {
    ...makeVideo({
      _id: `a0000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
      title: `Video ${position + 1}`,
    }),
    position,
    addedAt: '2025-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makePlaylist(overrides: Partial<Playlist> = {}): Playlist {
  sequence += 1;
  const videos = overrides.videos ?? [];
  return {
    _id: `b0000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    name: 'Deep dives',
    description: 'Long talks worth the time',
    owner: makeUser()._id,
    visibility: 'public',
    kind: 'custom',
    videos,
    hasMoreVideos: false,
    videoCount: videos.length,
    createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    updatedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    ...overrides,
  };
}
