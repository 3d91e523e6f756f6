import { SaveToPlaylistMenu } from '../features/playlists/components/SaveToPlaylistMenu';
import { WatchPage } from '../features/videos/components/WatchPage';

/** /video/{id}: the watch page with the playlists feature's Save dropdown in its Save slot. */
export function WatchRoute() {
  return (
    <WatchPage
      renderSave={({ videoId, userId }) => <SaveToPlaylistMenu videoId={videoId} userId={userId} />}
    />
  );
}
