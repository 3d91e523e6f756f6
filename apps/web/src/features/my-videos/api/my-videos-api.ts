import type {
  Caption,
  SetVideoVisibilityBody,
  UpdateVideoBody,
  Video,
  VideoRendition,
} from '@kinora/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { uploadMedia } from '../../../lib/media-upload';
import { fetchOwnVideos } from '../../../lib/own-videos';

/** "my videos limit 50" (signed-in-areas §9). */
export const MY_VIDEOS_LIMIT = 50;

/** While a video is still being processed the list is read again this often for its progress. */
export const PROCESSING_POLL_MS = 3000;

/** The spec's texts (signed-in-areas §2 My videos, §6, §8). */
export const myVideosText = {
  loading: 'Loading your videos',
  signedOutMessage: 'Sign in to manage the videos you uploaded.',
  heading: 'My Videos',
  signedOutTitle: 'Please log in',
  empty: 'No videos available',
  upload: 'Upload Video',
  loadFailed: 'Failed to load videos',
  deleteTitle: 'Delete Video',
  deleteQuestion: 'Are you sure you want to delete this video? This action cannot be undone.',
  deleted: 'Video deleted successfully',
  deleteFailed: 'Failed to delete video',
  visibilityTitle: 'Visibility',
  visibilitySaved: 'Visibility saved',
  visibilityFailed: 'Failed to update video',
  editTitle: 'Edit Video',
  updated: 'Video updated successfully',
  updateFailed: 'Failed to update video',
} as const;

export const myVideosKeys = {
  /** Everyone's lists of their own videos: a video published elsewhere changes them. */
  all: ['my-videos'] as const,
  ofUser: (userId: string) => ['my-videos', userId] as const,
  /** A video's captions as its owner manages them (decision 0044). */
  captions: (videoId: string) => ['my-videos', 'captions', videoId] as const,
};

export function deleteVideo(videoId: string) {
  return api('deleteVideo', { params: { id: videoId } });
}

/** Public, unlisted, private, or a schedule (decision 0039). */
export function setVisibility({
  videoId,
  body,
}: {
  videoId: string;
  body: SetVideoVisibilityBody;
}) {
  return api('setVideoVisibility', { params: { id: videoId }, body });
}

export interface EditVideoInput {
  title: string;
  description: string;
  /** A new thumbnail to host first; the server removes the old file once it points at this. */
  thumbnailFile: File | null;
}

/** Saves the edit dialog: hosts a new thumbnail through the signed upload, then patches. */
export async function updateVideo(
  videoId: string,
  input: EditVideoInput,
  onThumbnailProgress?: (percent: number) => void,
): Promise<Video> {
  const body: UpdateVideoBody = { title: input.title, description: input.description };
  if (input.thumbnailFile) {
    const asset = await uploadMedia(input.thumbnailFile, {
      folder: 'thumbnails',
      onProgress: onThumbnailProgress,
    });
    body.thumbnailPublicId = asset.public_id;
  }
  return api('updateVideo', { params: { id: videoId }, body });
}

/** Whether the server is still working on the video (its progress is worth showing). */
export function isProcessing(video: Video): boolean {
  return video.status === 'uploaded' || video.status === 'processing';
}

/** The query options of one's own videos. */
export const myVideosQueries = {
  /** The owner's videos; read again every few seconds while one is still being processed. */
  ofUser: (userId: string) =>
    queryOptions({
      queryKey: myVideosKeys.ofUser(userId),
      queryFn: ({ signal }) => fetchOwnVideos(userId, MY_VIDEOS_LIMIT, signal),
      refetchInterval: (query) =>
        query.state.data?.some(isProcessing) ? PROCESSING_POLL_MS : false,
    }),
};

/** '360p ready · 720p 40% · 1080p 40%': each rendition's state while the ladder is made. */
export function renditionSummary(renditions: readonly VideoRendition[] | undefined): string | null {
  if (!renditions || renditions.length === 0) return null;
  return renditions
    .map((r) => (r.ready ? `${r.name} ready` : `${r.name} ${Math.round(r.progress * 100)}%`))
    .join(' · ');
}

/** The Captions section's texts. */
export const captionsText = {
  heading: 'Captions',
  none: 'No captions yet. Add an SRT or WebVTT file for each language.',
  loadFailed: 'Failed to load captions',
  added: 'Captions saved',
  removed: 'Captions removed',
  saveFailed: 'Failed to save captions',
  removeFailed: 'Failed to remove captions',
  languageHint: 'A language tag such as en, pt-BR or zh-Hant',
  languageInvalid: 'Use a language tag such as en, pt-BR or zh-Hant',
} as const;

export async function fetchCaptions(videoId: string, signal?: AbortSignal): Promise<Caption[]> {
  return (await api('listCaptions', { params: { id: videoId }, signal })).captions;
}

/** Adds or replaces a language's captions from an SRT or WebVTT file. */
export function putCaptions(input: {
  videoId: string;
  language: string;
  label: string;
  file: File;
  onProgress?: (percent: number) => void;
}): Promise<Caption> {
  return api('putCaptions', {
    params: { id: input.videoId, language: input.language },
    body: { label: input.label },
    files: { file: input.file },
    ...(input.onProgress ? { onUploadProgress: input.onProgress } : {}),
  });
}

export function deleteCaptions({ videoId, language }: { videoId: string; language: string }) {
  return api('deleteCaptions', { params: { id: videoId, language } });
}
