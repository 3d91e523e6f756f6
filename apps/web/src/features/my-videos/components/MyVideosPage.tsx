import type { CurrentUser, Video } from '@kinora/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { PencilIcon, TrashIcon, UploadIcon, VideoIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { StatusPanel } from '../../../components/StatusPanel';
import { useToast } from '../../../components/toast';
import { countLabel, videoCardText, VideoThumbnail } from '../../../components/VideoCard';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format-date';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isProcessing, myVideosText } from '../api/my-videos-api';
import {
  useDeleteVideo,
  useMyVideos,
  useTogglePublish,
  useUpdateVideo,
} from '../hooks/use-my-videos';
import { EditVideoDialog } from './EditVideoDialog';

/** /my-videos (signed-in-areas §2 My videos): every own video, with publish, edit and delete. */
export function MyVideosPage() {
  const session = useSession();
  if (session.status === 'loading') return <PageSkeleton label="Loading your videos" />;
  if (session.status === 'signedOut') {
    return (
      <SignInPrompt
        title={myVideosText.signedOutTitle}
        message="Sign in to manage the videos you uploaded."
      />
    );
  }
  return <MyVideos user={session.user} />;
}

function MyVideos({ user }: { user: CurrentUser }) {
  useDocumentTitle(myVideosText.heading);
  const toast = useToast();
  const videos = useMyVideos(user._id);
  const toggle = useTogglePublish(user._id);
  const update = useUpdateVideo(user._id);
  const remove = useDeleteVideo(user._id);
  const [editing, setEditing] = useState<Video | null>(null);
  const [deleting, setDeleting] = useState<Video | null>(null);

  const confirmDelete = (video: Video) => {
    remove.mutate(video._id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(myVideosText.deleted);
      },
      onError: (error) => {
        setDeleting(null);
        toast.error(errorMessage(error, myVideosText.deleteFailed));
      },
    });
  };

  const list = videos.data ?? [];
  return (
    <div className="mx-auto flex w-full max-w-content flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
          {myVideosText.heading}
        </h1>
        <Link to="/upload" className={buttonClass()}>
          <UploadIcon size={18} />
          {myVideosText.upload}
        </Link>
      </header>

      {videos.isPending ? (
        <div role="status" aria-label="Loading your videos" className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-24 animate-pulse rounded-lg bg-raised" />
          ))}
        </div>
      ) : videos.isError ? (
        <LoadError
          title={myVideosText.loadFailed}
          onRetry={() => void videos.refetch()}
          isRetrying={videos.isFetching}
        />
      ) : list.length === 0 ? (
        <StatusPanel
          title={myVideosText.empty}
          description="Videos you upload are listed here, drafts included."
          icon={<VideoIcon size={26} />}
        >
          <Link to="/upload" className={buttonClass()}>
            {myVideosText.upload}
          </Link>
        </StatusPanel>
      ) : (
        <ul
          aria-label="Your videos"
          className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-surface"
        >
          {list.map((video) => (
            <MyVideoRow
              key={video._id}
              video={video}
              isToggling={toggle.isPending && toggle.variables === video._id}
              onToggle={() =>
                toggle.mutate(video._id, {
                  onError: (error) => toast.error(errorMessage(error, myVideosText.toggleFailed)),
                })
              }
              onEdit={() => setEditing(video)}
              onDelete={() => setDeleting(video)}
            />
          ))}
        </ul>
      )}

      {editing ? (
        <EditVideoDialog
          video={editing}
          onClose={() => setEditing(null)}
          onSubmit={async (input, onThumbnailProgress) => {
            await update.mutateAsync({ videoId: editing._id, input, onThumbnailProgress });
            toast.success(myVideosText.updated);
          }}
        />
      ) : null}

      {deleting ? (
        <Dialog title={myVideosText.deleteTitle} onClose={() => setDeleting(null)}>
          <div className="flex flex-col gap-4">
            <p className="text-fg-muted">{myVideosText.deleteQuestion}</p>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                disabled={remove.isPending}
                onClick={() => confirmDelete(deleting)}
              >
                {remove.isPending ? 'Deleting…' : 'Delete'}
              </Button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

function MyVideoRow({
  video,
  isToggling,
  onToggle,
  onEdit,
  onDelete,
}: {
  video: Video;
  isToggling: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const title = video.title.trim() || videoCardText.untitled;
  const processing = isProcessing(video);
  const percent = Math.round((video.processingProgress ?? 0) * 100);
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-4">
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center sm:gap-4">
        <Link
          to={`/video/${encodeURIComponent(video._id)}`}
          className="w-28 shrink-0 sm:w-40"
          tabIndex={-1}
          aria-hidden="true"
        >
          <VideoThumbnail video={video} size="sm" />
        </Link>
        <div className="flex min-w-0 flex-col gap-1">
          <Link
            to={`/video/${encodeURIComponent(video._id)}`}
            className="line-clamp-2 font-semibold break-words text-fg hover:underline"
          >
            {title}
          </Link>
          <p className="flex flex-wrap gap-x-1.5 text-sm text-fg-muted">
            <span>{countLabel(video.views, 'view', 'views')}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={video.createdAt}>{formatDate(video.createdAt)}</time>
          </p>
          {processing ? (
            <p className="text-sm text-fg-muted" role="status">
              Processing… {percent}%
            </p>
          ) : video.status === 'failed' ? (
            <p className="text-sm font-medium text-danger">Processing failed</p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:shrink-0 sm:justify-end">
        <button
          type="button"
          role="switch"
          aria-checked={video.isPublished}
          aria-label={`Published: ${title}`}
          disabled={isToggling}
          onClick={onToggle}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold text-fg transition-colors disabled:opacity-60',
            video.isPublished
              ? 'bg-success-soft hover:bg-success-soft/70'
              : 'bg-warning-soft hover:bg-warning-soft/70',
          )}
        >
          <span
            aria-hidden="true"
            className={cn('size-1.5 rounded-full', video.isPublished ? 'bg-success' : 'bg-warning')}
          />
          {video.isPublished ? myVideosText.published : myVideosText.draft}
        </button>
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${title}`}>
          <PencilIcon size={16} />
          Edit
        </Button>
        <Button variant="secondary" size="sm" onClick={onDelete} aria-label={`Delete ${title}`}>
          <TrashIcon size={16} />
          Delete
        </Button>
      </div>
    </li>
  );
}
