import type { Playlist, PlaylistVideo } from '@kinora/contract';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClass, IconButton } from '../../../components/Button';
import {
  ChevronDownIcon,
  PencilIcon,
  PlayIcon,
  PlaylistIcon,
  ShareIcon,
  TrashIcon,
} from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { StatusPanel } from '../../../components/StatusPanel';
import { useToast } from '../../../components/toast';
import { channelOf, countLabel, VideoThumbnail } from '../../../components/VideoCard';
import { isApiError, messageOf } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import { copyText } from '../../../lib/clipboard';
import { formatRelativeTime } from '../../../lib/format';
import { shareUrl } from '../../../lib/share-links';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  fetchPlaylistPage,
  playlistText,
  playlistVideoPath,
  videoCountLabel,
} from '../api/playlists-api';
import {
  useDeletePlaylist,
  useMoveVideo,
  usePlaylist,
  useRemoveVideo,
  useUpdatePlaylist,
} from '../hooks/use-playlists';
import { AddVideosDialog } from './AddVideosDialog';
import { PlaylistThumbnail, VisibilityBadge } from './PlaylistCard';
import { PlaylistFormDialog } from './PlaylistFormDialog';
import { BoneRow } from '../../../components/Skeleton';
import { RichText } from '../../../components/RichText';
import { channelPathOf } from '../../../lib/paths';
import { ListPlusIcon } from '../icons';

/** Whether a failed load means there is no such playlist (or one the reader may not see). */
function isNotFound(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION_FAILED'))
  );
}

/**
 * /playlist/{id} (signed-in-areas §2): the videos in order, Play All, Share; the owner alone
 * edits, deletes, adds, removes and reorders (move up / move down, by keyboard or pointer).
 */
export function PlaylistDetailPage() {
  const { id = '' } = useParams();
  const query = usePlaylist(id);
  useDocumentTitle(
    query.data?.name ??
      (query.isError
        ? isNotFound(query.error)
          ? playlistText.notFound
          : playlistText.fetchFailed
        : 'Playlist'),
  );

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading playlist" className={pageClass}>
        <BoneRow
          className="animate-pulse flex-col gap-4 md:flex-row"
          media="aspect-video w-full rounded-lg md:w-80"
          bars={['h-7 w-1/2', 'h-4 w-2/3']}
          barsClassName="space-y-3"
        />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={pageClass}>
        {isNotFound(query.error) ? (
          <StatusPanel
            title={playlistText.notFound}
            headingLevel={1}
            icon={<PlaylistIcon size={26} />}
            description="It may have been deleted or made private, or the link may be wrong."
          >
            <Link to="/playlists" className={buttonClass()}>
              Go to Playlists
            </Link>
          </StatusPanel>
        ) : (
          <LoadError title={playlistText.fetchFailed} query={query} />
        )}
      </div>
    );
  }
  return <PlaylistView playlist={query.data} />;
}

const pageClass = 'mx-auto flex w-full max-w-content flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8';

function PlaylistView({ playlist }: { playlist: Playlist }) {
  const session = useSession();
  const viewer = session.status === 'signedIn' ? session.user : null;
  const isOwner = viewer !== null && viewer._id === playlist.owner;
  const isBuiltIn = playlist.kind === 'watch_later';
  const navigate = useNavigate();
  const toast = useToast();
  const update = useUpdatePlaylist();
  const remove = useDeletePlaylist(viewer?._id ?? '');
  const [dialog, setDialog] = useState<'edit' | 'add' | null>(null);
  const first = playlist.videos[0];

  const share = async () => {
    if (await copyText(shareUrl('playlist', playlist._id))) toast.success(playlistText.copied);
    else toast.error(playlistText.copyFailed);
  };

  const deletePlaylist = () => {
    if (!window.confirm(playlistText.confirmDelete)) return;
    remove.mutate(playlist._id, {
      onSuccess: () => void navigate('/playlists'),
      onError: (error) => toast.error(messageOf(error, playlistText.deleteFailed)),
    });
  };

  return (
    <div className={pageClass}>
      <header className="flex flex-col gap-5 md:flex-row md:items-start">
        <PlaylistThumbnail playlist={playlist} className="w-full shrink-0 md:w-80" />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div>
            <p className="flex items-center gap-2 text-xs font-semibold tracking-wider text-fg-muted">
              {playlistText.badge}
              <VisibilityBadge playlist={playlist} />
            </p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-fg sm:text-3xl">
              {playlist.name}
            </h1>
          </div>
          {playlist.description ? (
            <p className="whitespace-pre-line text-fg-muted">
              <RichText text={playlist.description} />
            </p>
          ) : null}
          <p className="text-sm text-fg-muted">
            {videoCountLabel(playlist.videoCount)} · Created{' '}
            {formatRelativeTime(playlist.createdAt)}
          </p>
          <div className="flex flex-wrap gap-2">
            {first ? (
              <Link to={playlistVideoPath(playlist._id, first._id)} className={buttonClass()}>
                <PlayIcon size={18} />
                Play All
              </Link>
            ) : (
              <Button disabled>
                <PlayIcon size={18} />
                Play All
              </Button>
            )}
            {isBuiltIn ? null : (
              <Button variant="secondary" onClick={() => void share()}>
                <ShareIcon size={18} />
                Share
              </Button>
            )}
            {isOwner ? (
              <>
                <Button variant="secondary" onClick={() => setDialog('add')}>
                  <ListPlusIcon size={18} />
                  Add Videos
                </Button>
                {isBuiltIn ? null : (
                  <>
                    <Button variant="secondary" onClick={() => setDialog('edit')}>
                      <PencilIcon size={18} />
                      Edit
                    </Button>
                    <Button variant="secondary" onClick={deletePlaylist} className="text-danger">
                      <TrashIcon size={18} />
                      Delete
                    </Button>
                  </>
                )}
              </>
            ) : null}
          </div>
        </div>
      </header>

      {playlist.videos.length === 0 ? (
        <StatusPanel
          title="This playlist has no videos yet"
          icon={<PlaylistIcon size={26} />}
          description={isOwner ? 'Add videos to watch them here in order.' : undefined}
        >
          {isOwner ? <Button onClick={() => setDialog('add')}>Add Videos</Button> : null}
        </StatusPanel>
      ) : (
        <PlaylistItems playlist={playlist} isOwner={isOwner} />
      )}

      {dialog === 'edit' ? (
        <PlaylistFormDialog
          playlist={playlist}
          onSubmit={(values) => update.mutateAsync({ playlistId: playlist._id, body: values })}
          onClose={() => setDialog(null)}
        />
      ) : dialog === 'add' && viewer ? (
        <AddVideosDialog playlist={playlist} userId={viewer._id} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

function PlaylistItems({ playlist, isOwner }: { playlist: Playlist; isOwner: boolean }) {
  const toast = useToast();
  const remove = useRemoveVideo(playlist._id);
  const move = useMoveVideo(playlist._id);
  // Pages past the first (200 videos), kept for the playlist answer they follow: any change
  // answers a fresh first page, and the extra pages start over from it.
  const [more, setMore] = useState<{
    after: Playlist;
    videos: PlaylistVideo[];
    hasMore: boolean;
  } | null>(null);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const extra = more?.after === playlist ? more : null;
  const videos = extra ? [...playlist.videos, ...extra.videos] : playlist.videos;
  const hasMore = extra ? extra.hasMore : playlist.hasMoreVideos;
  const last = videos.length - 1;

  const loadMore = async () => {
    const lastVideo = videos[videos.length - 1];
    if (!lastVideo) return;
    setIsLoadingMore(true);
    try {
      const page = await fetchPlaylistPage(playlist._id, lastVideo.position);
      setMore({
        after: playlist,
        videos: [...(extra?.videos ?? []), ...page.videos],
        hasMore: page.hasMoreVideos,
      });
    } catch (error) {
      toast.error(messageOf(error, playlistText.fetchFailed));
    } finally {
      setIsLoadingMore(false);
    }
  };

  const removeVideo = (video: PlaylistVideo) => {
    if (!window.confirm(playlistText.confirmRemove)) return;
    remove.mutate(video._id, {
      onError: (error) => toast.error(messageOf(error, playlistText.removeFailed)),
    });
  };

  const moveVideo = (video: PlaylistVideo, by: -1 | 1, button: HTMLElement) => {
    const position = video.position + by;
    move.mutate(
      { videoId: video._id, position },
      {
        // The focus follows the moved video, so pressing again keeps moving it.
        onSuccess: () => {
          const label = button.getAttribute('aria-label');
          requestAnimationFrame(() => {
            const row = document.querySelector(`[data-video-id="${CSS.escape(video._id)}"]`);
            const again = row?.querySelector<HTMLElement>(`[aria-label="${label ?? ''}"]`);
            (again && !again.hasAttribute('disabled')
              ? again
              : row?.querySelector<HTMLElement>('a')
            )?.focus();
          });
        },
        onError: (error) => toast.error(messageOf(error, playlistText.moveFailed)),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <ol aria-label="Videos in this playlist" className="flex flex-col gap-2">
        {videos.map((video, index) => {
          const channel = channelOf(video);
          return (
            <li
              key={video._id}
              data-video-id={video._id}
              className="flex items-center gap-3 rounded-lg p-2 hover:bg-raised"
            >
              <span className="hidden w-6 shrink-0 text-center text-sm text-fg-muted tabular-nums sm:block">
                {index + 1}
              </span>
              <Link
                to={playlistVideoPath(playlist._id, video._id)}
                tabIndex={-1}
                aria-hidden="true"
                className="w-28 shrink-0 sm:w-40"
              >
                <VideoThumbnail video={video} size="sm" />
              </Link>
              <div className="min-w-0 flex-1">
                <h2 className="line-clamp-2 text-sm leading-snug font-semibold text-fg sm:text-base">
                  <Link
                    to={playlistVideoPath(playlist._id, video._id)}
                    className="rounded-sm hover:text-accent-text"
                  >
                    {video.title}
                  </Link>
                </h2>
                {channel ? (
                  <p className="mt-0.5 truncate text-sm text-fg-muted">
                    <Link to={channelPathOf(channel.id)} className="rounded-sm hover:text-fg">
                      {channel.name}
                    </Link>
                  </p>
                ) : null}
                <p className="text-sm text-fg-muted">
                  {countLabel(video.views, 'view', 'views')} · {formatRelativeTime(video.createdAt)}
                </p>
              </div>
              {isOwner ? (
                <div className="flex shrink-0 flex-col items-center gap-0.5 sm:flex-row">
                  <IconButton
                    label={`Move ${video.title} up`}
                    disabled={index === 0 || move.isPending}
                    onClick={(event) => moveVideo(video, -1, event.currentTarget)}
                  >
                    <ChevronDownIcon size={18} className="rotate-180" />
                  </IconButton>
                  <IconButton
                    label={`Move ${video.title} down`}
                    disabled={(index === last && !hasMore) || move.isPending}
                    onClick={(event) => moveVideo(video, 1, event.currentTarget)}
                  >
                    <ChevronDownIcon size={18} />
                  </IconButton>
                  <IconButton
                    label={`Remove ${video.title} from playlist`}
                    disabled={remove.isPending}
                    onClick={() => removeVideo(video)}
                    className="text-danger"
                  >
                    <TrashIcon size={18} />
                  </IconButton>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      {hasMore ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={isLoadingMore}
          onClick={() => void loadMore()}
        >
          {isLoadingMore ? 'Loading…' : 'Load more videos'}
        </Button>
      ) : null}
    </div>
  );
}
