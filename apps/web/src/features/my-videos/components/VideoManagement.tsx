import type { Video } from '@kinora/contract';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { Dialog, DialogActions } from '../../../components/Dialog';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { isProcessing, myVideosText, renditionSummary } from '../api/my-videos-api';
import { VisibilityBadge, visibilityText } from '../../../components/VideoVisibility';
import { useDeleteVideo, useSetVisibility, useUpdateVideo } from '../hooks/use-my-videos';
import { EditVideoDialog } from './EditVideoDialog';
import { VisibilityDialog } from './VisibilityDialog';
import { videoTitle } from './videoTitle';

/*
 * What an owner can do to one of their videos, shared by /my-videos and the profile's videos
 * tab so both ask the same question and say the same things (signed-in-areas §4, §8).
 */

export { videoTitle };

/**
 * A dialog about one of the owner's videos: `request(video)` opens it; `dialog` is to be rendered
 * by the screen.
 */
export interface VideoDialog {
  request: (video: Video) => void;
  dialog: ReactNode;
}

/** The state every `VideoDialog` keeps: which video it is open for; `render` draws it. */
function useVideoDialog(render: (video: Video, close: () => void) => ReactNode): VideoDialog {
  const [video, setVideo] = useState<Video | null>(null);
  const close = () => setVideo(null);
  return { request: setVideo, dialog: video ? render(video, close) : null };
}

/**
 * Delete with the 'Delete Video' confirmation. On success the video leaves the list and 'Video
 * deleted successfully' shows; on failure the server's message (else 'Failed to delete video')
 * and the video stays.
 */
export function useVideoDeletion(userId: string): VideoDialog {
  const toast = useToast();
  const remove = useDeleteVideo(userId);

  return useVideoDialog((video, close) => {
    const confirm = () => {
      remove.mutate(video._id, {
        onSuccess: () => {
          close();
          toast.success(myVideosText.deleted);
        },
        onError: (error) => {
          close();
          toast.error(messageOf(error, myVideosText.deleteFailed));
        },
      });
    };
    return (
      <Dialog title={myVideosText.deleteTitle} onClose={close}>
        <div className="flex flex-col gap-4">
          <p className="text-fg-muted">{myVideosText.deleteQuestion}</p>
          <DialogActions onCancel={close}>
            <Button variant="danger" disabled={remove.isPending} onClick={confirm}>
              {remove.isPending ? 'Deleting…' : 'Delete'}
            </Button>
          </DialogActions>
        </div>
      </Dialog>
    );
  });
}

/**
 * A form dialog about one video (`Form`): its submit runs `save` for that video, then says
 * `saved`; a refusal rejects, and the form keeps it on screen.
 */
function useVideoFormDialog<A extends unknown[]>(
  Form: ComponentType<{
    video: Video;
    onSubmit: (...args: A) => Promise<unknown>;
    onClose: () => void;
  }>,
  save: (video: Video, ...args: A) => Promise<unknown>,
  saved: string,
): VideoDialog {
  const toast = useToast();
  return useVideoDialog((video, close) => (
    <Form
      video={video}
      onClose={close}
      onSubmit={async (...args) => {
        await save(video, ...args);
        toast.success(saved);
      }}
    />
  ));
}

/** The Edit Video dialog. */
export function useVideoEditing(userId: string): VideoDialog {
  const update = useUpdateVideo(userId);
  return useVideoFormDialog(
    EditVideoDialog,
    (video, input, onThumbnailProgress) =>
      update.mutateAsync({ videoId: video._id, input, onThumbnailProgress }),
    myVideosText.updated,
  );
}

/**
 * The Visibility dialog. Saving sends the level (or the schedule) and puts the server's answer
 * in the list.
 */
export function useVisibilityEditing(userId: string): VideoDialog {
  const save = useSetVisibility(userId);
  return useVideoFormDialog(
    VisibilityDialog,
    (video, body) => save.mutateAsync({ videoId: video._id, body }),
    myVideosText.visibilitySaved,
  );
}

/** The level's badge as a button that opens the Visibility dialog; it names the video. */
export function VisibilityButton({ video, onClick }: { video: Video; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={`Visibility of ${videoTitle(video)}: ${visibilityLabel(video)}`}
      onClick={onClick}
      className="rounded-full transition-opacity hover:opacity-80"
    >
      <VisibilityBadge video={video} />
    </button>
  );
}

/** The level in words, as the badge says it. */
function visibilityLabel(video: Video): string {
  return video.publishAt ? visibilityText.scheduled : visibilityText.options[video.visibility];
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
