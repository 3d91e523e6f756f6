import type { Playlist } from '@kinora/contract';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/form/FormAlert';
import { SearchField } from '../../../components/form/SearchField';
import { LoadError } from '../../../components/LoadError';
import { VideoThumbnail } from '../../../components/VideoCard';
import { messageOf } from '../../../lib/api';
import { playlistText } from '../api/playlists-api';
import { useAddVideos, usePickerVideos } from '../hooks/use-playlists';

/**
 * Add Videos (spec §2): the user's own videos with a search box, checkboxes, the selection
 * counter, Cancel and 'Add N Videos' (disabled at zero). Videos already in the playlist are
 * shown as such and cannot be picked again (a playlist holds a video once).
 */
export function AddVideosDialog({
  playlist,
  userId,
  onClose,
}: {
  playlist: Playlist;
  userId: string;
  onClose: () => void;
}) {
  const videos = usePickerVideos(userId, true);
  const add = useAddVideos(playlist._id);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const inPlaylist = new Set(playlist.videos.map((v) => v._id));

  const term = search.trim().toLowerCase();
  const shown = (videos.data ?? []).filter((v) => v.title.toLowerCase().includes(term));

  const toggle = (videoId: string) =>
    setSelected((ids) =>
      ids.includes(videoId) ? ids.filter((id) => id !== videoId) : [...ids, videoId],
    );

  const submit = async () => {
    if (selected.length === 0) {
      setFailure(playlistText.selectOne);
      return;
    }
    setFailure(null);
    try {
      await add.mutateAsync(selected);
      onClose();
    } catch (error) {
      setFailure(messageOf(error, playlistText.addFailed));
    }
  };

  return (
    <Dialog title="Add Videos" onClose={onClose}>
      <div className="flex flex-col gap-3">
        <SearchField
          label="Search your videos"
          value={search}
          onChange={setSearch}
          placeholder="Search your videos"
        />
        {videos.isPending ? (
          <div role="status" aria-label="Loading your videos" className="space-y-2">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-14 animate-pulse rounded-md bg-raised" />
            ))}
          </div>
        ) : videos.isError ? (
          <LoadError title={playlistText.fetchVideosFailed} query={videos} />
        ) : shown.length === 0 ? (
          <p className="py-6 text-center text-sm text-fg-muted">
            {videos.data.length === 0 ? 'You have no videos yet.' : 'No videos found'}
          </p>
        ) : (
          <ul aria-label="Your videos" className="flex flex-col gap-1">
            {shown.map((video) => {
              const isIn = inPlaylist.has(video._id);
              return (
                <li key={video._id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-md p-2 hover:bg-raised has-[:disabled]:cursor-default has-[:disabled]:opacity-70">
                    <input
                      type="checkbox"
                      checked={isIn || selected.includes(video._id)}
                      disabled={isIn}
                      onChange={() => toggle(video._id)}
                      className="size-4 shrink-0 accent-accent"
                    />
                    <VideoThumbnail video={video} size="sm" className="w-24 shrink-0" />
                    <span className="min-w-0 flex-1">
                      <span className="line-clamp-2 text-sm font-medium text-fg">
                        {video.title}
                      </span>
                      {isIn ? (
                        <span className="text-xs text-fg-muted">Already in this playlist</span>
                      ) : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        <FormAlert message={failure} />
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3">
          <p className="text-sm text-fg-muted" aria-live="polite">
            {selected.length} selected
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} disabled={selected.length === 0 || add.isPending}>
              Add {selected.length} {selected.length === 1 ? 'Video' : 'Videos'}
            </Button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
