import type { Video } from '@kinora/contract';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { Dialog, DialogActions } from '../../../components/Dialog';
import { useToast } from '../../../components/toast';
import { videoCardText } from '../../../components/VideoCard';
import { messageOf } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { isProcessing, myVideosText, renditionSummary } from '../api/my-videos-api';
import { useDeleteVideo, useTogglePublish, useUpdateVideo } from '../hooks/use-my-videos';
import { EditVideoDialog } from './EditVideoDialog';

/*
 * What an owner can do to one of their videos, shared by /my-videos and the profile's videos
 * tab so both ask the same question and say the same things (signed-in-areas §4, §8).
 */

/** The name a control uses for a video ('Delete Untitled Video' when it has no title). */
export function videoTitle(video: Video): string {
  return video.title.trim() || videoCardText.untitled;
}

/**
 * Delete with the 'Delete Video' confirmation: `request(video)` opens it, and `dialog` is to be
 * rendered by the screen. On success the video leaves the list and 'Video deleted successfully'
 * shows; on failure the server's message (else 'Failed to delete video') and the video stays.
 */
export function useVideoDeletion(userId: string): {
  request: (video: Video) => void;
  dialog: ReactNode;
} {
  const toast = useToast();
  const remove = useDeleteVideo(userId);
  const [deleting, setDeleting] = useState<Video | null>(null);

  const confirm = (video: Video) => {
    remove.mutate(video._id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(myVideosText.deleted);
      },
      onError: (error) => {
        setDeleting(null);
        toast.error(messageOf(error, myVideosText.deleteFailed));
      },
    });
  };

  const dialog = deleting ? (
    <Dialog title={myVideosText.deleteTitle} onClose={() => setDeleting(null)}>
      <div className="flex flex-col gap-4">
        <p className="text-fg-muted">{myVideosText.deleteQuestion}</p>
        <DialogActions onCancel={() => setDeleting(null)}>
          <Button variant="danger" disabled={remove.isPending} onClick={() => confirm(deleting)}>
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  ) : null;

  return { request: setDeleting, dialog };
}

/** The Edit Video dialog: `request(video)` opens it; `dialog` is to be rendered by the screen. */
export function useVideoEditing(userId: string): {
  request: (video: Video) => void;
  dialog: ReactNode;
} {
  const toast = useToast();
  const update = useUpdateVideo(userId);
  const [editing, setEditing] = useState<Video | null>(null);

  const dialog = editing ? (
    <EditVideoDialog
      video={editing}
      onClose={() => setEditing(null)}
      onSubmit={async (input, onThumbnailProgress) => {
        await update.mutateAsync({ videoId: editing._id, input, onThumbnailProgress });
        toast.success(myVideosText.updated);
      }}
    />
  ) : null;

  return { request: setEditing, dialog };
}

/** Published/Draft switch state and action for a list of the owner's videos. */
export function usePublishToggle(userId: string) {
  const toast = useToast();
  const toggle = useTogglePublish(userId);
  return {
    toggle: (video: Video) =>
      toggle.mutate(video._id, {
        onError: (error) => toast.error(messageOf(error, myVideosText.toggleFailed)),
      }),
    isToggling: (video: Video) => toggle.isPending && toggle.variables === video._id,
  };
}

/** The Published/Draft pill: a switch (PATCH /videos/{id}/toggle) that names the video. */
export function PublishToggle({
  video,
  isToggling,
  onToggle,
}: {
  video: Video;
  isToggling: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={video.isPublished}
      aria-label={`Published: ${videoTitle(video)}`}
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
  );
}

/**
 * 'Processing… 42%' while the server works on a video, with each rendition's state below it
 * ('360p ready · 720p 40%'); 'Processing failed' if it gave up.
 */
export function ProcessingState({ video }: { video: Video }) {
  if (isProcessing(video)) {
    const percent = Math.round((video.processingProgress ?? 0) * 100);
    const renditions = renditionSummary(video.renditions);
    return (
      <p className="text-sm text-fg-muted" role="status">
        Processing… {percent}%
        {renditions ? <span className="block text-xs">{renditions}</span> : null}
      </p>
    );
  }
  if (video.status === 'failed') {
    return <p className="text-sm font-medium text-danger">Processing failed</p>;
  }
  return null;
}
