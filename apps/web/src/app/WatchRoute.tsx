import { useParams, useSearchParams } from 'react-router';
import { MessageCreatorButton } from '../features/messages';
import {
  nextInPlaylist,
  PlaylistQueue,
  playlistVideoPath,
  SaveToPlaylistMenu,
  usePlaylist,
} from '../features/playlists';
import { WatchPage } from '../features/videos';

/**
 * /video/{id}: the watch page with the playlists feature's Save dropdown in its Save slot and
 * the messages feature's button beside Subscribe.
 * With ?playlist={playlistId} the playlist sits beside the player (current video marked) and
 * its next video is up next, played when one ends after a short countdown; a playlist that
 * cannot be read just leaves the side empty (and the first related video is up next).
 */
export function WatchRoute() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const playlistId = searchParams.get('playlist');
  const playlist = usePlaylist(playlistId ?? '', { enabled: playlistId !== null });
  const queue = playlistId !== null ? playlist.data : undefined;
  const next = nextInPlaylist(queue, id);

  return (
    <WatchPage
      renderSave={({ videoId, userId }) => <SaveToPlaylistMenu videoId={videoId} userId={userId} />}
      renderMessage={({ creatorId, creatorName }) => (
        <MessageCreatorButton
          creatorId={creatorId}
          creatorName={creatorName}
          className="rounded-full"
        />
      )}
      side={queue ? <PlaylistQueue playlist={queue} videoId={id} /> : null}
      playlistNext={
        queue
          ? next
            ? { video: next, path: playlistVideoPath(queue._id, next._id) }
            : null
          : undefined
      }
    />
  );
}
