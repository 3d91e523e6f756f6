import type { Caption, CommentSort, Video } from '@kinora/contract';
import { api, InvalidAnswerError, isApiError } from '../../../lib/api';

/** Watch page constants (core §7 "Watch page", §9). */
export const RELATED_FETCH_LIMIT = 10;
export const RELATED_SHOWN = 8;
export const COMMENTS_PAGE_SIZE = 20;
/** Replies shown per 'View replies' or 'Show more replies'. */
export const REPLIES_PAGE_SIZE = 10;
/** How often a video that is still processing is checked again. */
export const PROCESSING_POLL_MS = 4000;
/** How often while nothing plays yet: the first rendition shows within a second or two of being made. */
export const PREPARING_POLL_MS = 1500;

/** Cache keys of the watch page's data, all below `root`. */
export const videoKeys = {
  /** Everything of the watch page: a video changed elsewhere changes it. */
  root: ['videos'] as const,
  detail: (id: string) => ['videos', 'detail', id] as const,
  related: () => ['videos', 'list', { page: 1, limit: RELATED_FETCH_LIMIT }] as const,
  /** Everything of a video's comments: its lists (per sort) and its threads. */
  comments: (videoId: string) => ['videos', 'comments', videoId] as const,
  /** A video's lists of top comments, of every sort. */
  commentLists: (videoId: string) => ['videos', 'comments', videoId, 'list'] as const,
  commentList: (videoId: string, sort: CommentSort) =>
    ['videos', 'comments', videoId, 'list', sort] as const,
  replies: (videoId: string, commentId: string) =>
    ['videos', 'comments', videoId, 'replies', commentId] as const,
  likeStatus: (videoId: string) => ['videos', 'like-status', videoId] as const,
  /** Whether the viewer subscribes to a channel: a subscription made elsewhere changes it. */
  subscription: (channelId: string) => ['videos', 'subscription', channelId] as const,
  /** Where the viewer stopped in a video (read once per visit). */
  resumePosition: (videoId: string) => ['videos', 'resume', videoId] as const,
  storyboard: (url: string | null) => ['videos', 'storyboard', url] as const,
  /** A video's captions (decision 0044): one WebVTT track per language. */
  captions: (videoId: string) => ['videos', 'captions', videoId] as const,
};

export const watchErrors = {
  notFound: 'Video not found',
  invalid: 'Invalid video data received',
  failed: 'Failed to fetch video',
} as const;

export async function fetchVideo(id: string, signal?: AbortSignal): Promise<Video> {
  const video = await api('getVideo', { params: { id }, signal });
  if (!video || typeof video !== 'object' || typeof video._id !== 'string') {
    throw new InvalidAnswerError(watchErrors.invalid);
  }
  return video;
}

/** Which of the spec's three watch-page errors a failure is. */
export function watchErrorOf(error: unknown): (typeof watchErrors)[keyof typeof watchErrors] {
  if (error instanceof InvalidAnswerError) return watchErrors.invalid;
  if (isApiError(error)) {
    // An id that cannot be a video's (400) finds nothing either.
    if (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION_FAILED')) {
      return watchErrors.notFound;
    }
    if (error.code === 'BAD_RESPONSE') return watchErrors.invalid;
  }
  return watchErrors.failed;
}

export const isProcessing = (video: Pick<Video, 'status'>) =>
  video.status === 'uploaded' || video.status === 'processing';

/** The list related videos are taken from: page 1, limit 10 (core §7). */
export async function fetchRelatedCandidates(signal?: AbortSignal): Promise<Video[]> {
  const page = await api('listVideos', { query: { page: 1, limit: RELATED_FETCH_LIMIT }, signal });
  return page?.videos ?? [];
}

/** Related videos: the candidates without the one being watched, at most eight. */
export function pickRelated(candidates: readonly Video[], watchingId: string): Video[] {
  return candidates.filter((v) => v._id !== watchingId).slice(0, RELATED_SHOWN);
}

/** A video's captions, one WebVTT file per language. */
export async function fetchCaptions(videoId: string, signal?: AbortSignal): Promise<Caption[]> {
  return (await api('listCaptions', { params: { id: videoId }, signal })).captions;
}
