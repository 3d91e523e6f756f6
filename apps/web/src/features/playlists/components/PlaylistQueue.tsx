import type { Playlist } from '@kinora/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { VideoThumbnail } from '../../../components/VideoCard';
import { cn } from '../../../lib/cn';
import { playlistVideoPath } from '../api/playlists-api';

/** The video after `videoId` in the playlist, or null at the end (or when it is not there). */
export function nextInPlaylist(playlist: Playlist | undefined, videoId: string) {
  if (!playlist) return null;
  const index = playlist.videos.findIndex((v) => v._id === videoId);
  return index === -1 ? null : (playlist.videos[index + 1] ?? null);
}

/**
 * The playlist beside the player on /video/{id}?playlist={playlistId}: its name (to the
 * playlist), where the current video sits, and every video in order with the current one
 * marked; the list scrolls to keep the current one in view.
 */
export function PlaylistQueue({ playlist, videoId }: { playlist: Playlist; videoId: string }) {
  const currentRef = useRef<HTMLLIElement>(null);
  const index = playlist.videos.findIndex((v) => v._id === videoId);

  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [videoId]);

  return (
    <section
      aria-label={`Playlist: ${playlist.name}`}
      className="overflow-hidden rounded-lg border border-border bg-surface"
    >
      <header className="border-b border-border px-4 py-3">
        <h2 className="truncate text-base font-semibold text-fg">
          <Link
            to={`/playlist/${encodeURIComponent(playlist._id)}`}
            className="rounded-sm hover:text-accent-text"
          >
            {playlist.name}
          </Link>
        </h2>
        <p className="text-sm text-fg-muted">
          {index === -1 ? playlist.videoCount : `${index + 1} / ${playlist.videoCount}`}
        </p>
      </header>
      <ol className="max-h-96 overflow-y-auto py-1">
        {playlist.videos.map((video, i) => {
          const isCurrent = video._id === videoId;
          return (
            <li key={video._id} ref={isCurrent ? currentRef : undefined}>
              <Link
                to={playlistVideoPath(playlist._id, video._id)}
                aria-current={isCurrent ? 'true' : undefined}
                className={cn(
                  'flex items-center gap-2 px-3 py-2 hover:bg-raised',
                  isCurrent && 'bg-accent-soft hover:bg-accent-soft',
                )}
              >
                <span className="w-5 shrink-0 text-center text-xs text-fg-muted tabular-nums">
                  {isCurrent ? '▶' : i + 1}
                </span>
                <VideoThumbnail video={video} size="sm" className="w-24 shrink-0" />
                <span className="line-clamp-2 min-w-0 flex-1 text-sm font-medium text-fg">
                  {video.title}
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
