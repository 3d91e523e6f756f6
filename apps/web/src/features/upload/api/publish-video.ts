import type { SetVideoVisibilityBody, Video } from '@kinora/contract';
import { api } from '../../../lib/api';
import { uploadMedia } from '../../../lib/media-upload';

export interface PublishVideoInput {
  title: string;
  description: string;
  videoFile: File;
  thumbnailFile: File;
  /** Public when absent; private with `publishAt` for a schedule. */
  level?: SetVideoVisibilityBody;
}

export interface PublishVideoOptions {
  onVideoProgress: (percent: number) => void;
  onThumbnailProgress: (percent: number) => void;
  signal: AbortSignal;
}

/**
 * The upload flow of core §7: host both files (side by side; if one fails the other is
 * cancelled), then create the video naming them by public id. The server probes the files
 * itself and trusts no URL or duration from here.
 */
export async function publishVideo(
  input: PublishVideoInput,
  { onVideoProgress, onThumbnailProgress, signal }: PublishVideoOptions,
): Promise<Video> {
  const both = new AbortController();
  const cancelBoth = () => both.abort();
  signal.addEventListener('abort', cancelBoth, { once: true });
  const [video, thumbnail] = await Promise.all([
    uploadMedia(input.videoFile, {
      folder: 'videos',
      onProgress: onVideoProgress,
      signal: both.signal,
    }),
    uploadMedia(input.thumbnailFile, {
      folder: 'thumbnails',
      onProgress: onThumbnailProgress,
      signal: both.signal,
    }),
  ])
    .catch((error: unknown) => {
      both.abort();
      throw error;
    })
    .finally(() => signal.removeEventListener('abort', cancelBoth));

  // The spec's client also sends the hosted URLs and the duration; the server ignores them.
  const body = {
    title: input.title,
    description: input.description,
    videoPublicId: video.public_id,
    thumbnailPublicId: thumbnail.public_id,
    videofile: video.url,
    thumbnail: thumbnail.url,
    duration: video.duration ?? undefined,
    ...input.level,
  };
  return api('createVideo', { body, signal });
}
