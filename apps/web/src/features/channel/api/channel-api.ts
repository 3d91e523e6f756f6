import type { ChannelWithStats, TweetPage, Video } from '@kinora/contract';
import { api, isApiError, messageOf } from '../../../lib/api';

/** Channel page constants. */
export const CHANNEL_VIDEOS_PAGE_SIZE = 12;
export const CHANNEL_TWEETS_PAGE_SIZE = 20;

/**
 * Cache keys. Everything of one channel sits under ['channels', id], so one invalidation
 * refreshes the page (the watch page's subscribe button invalidates ['channels'] too).
 */
export const channelKeys = {
  all: (id: string) => ['channels', id] as const,
  detail: (id: string) => ['channels', id, 'detail'] as const,
  videos: (id: string) => ['channels', id, 'videos'] as const,
  tweets: (id: string) => ['channels', id, 'tweets'] as const,
};

export const channelText = {
  notFound: 'Channel not found',
  invalid: 'Invalid channel response structure',
  failed: 'Failed to fetch channel data',
  copied: 'Channel URL copied to clipboard!',
  copyFailed: 'Failed to copy channel link',
  subscribeFailed: 'Failed to subscribe/unsubscribe',
  likeSignedOut: 'Please log in to like tweets!',
  likeFailed: 'Failed to like tweet',
  replyNotAllowed: 'You are not allowed to reply on this tweet.',
  noVideosTitle: 'No videos uploaded yet',
  noVideosText: "This channel hasn't uploaded any videos.",
  noTweetsTitle: 'No tweets yet',
  noTweetsText: "This user hasn't shared any thoughts yet.",
  aboutTitle: 'Channel Information',
} as const;

/** The server answered, but without a channel in it. */
export class InvalidChannelResponseError extends Error {
  override readonly name = 'InvalidChannelResponseError';
  constructor() {
    super(channelText.invalid);
  }
}

export async function fetchChannel(id: string, signal?: AbortSignal): Promise<ChannelWithStats> {
  const data = await api('getChannel', { params: { id }, signal });
  if (!data || typeof data !== 'object' || !data.channel?._id || !data.stats) {
    throw new InvalidChannelResponseError();
  }
  return data;
}

/** Whether a failure means there is no such channel (an id that cannot be one finds none). */
export function isChannelNotFound(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION_FAILED'))
  );
}

/**
 * What a failed load says (core §8): the server's message, else the error's (an answer without
 * a channel), else 'Failed to fetch channel data' (no answer: never the client's own words).
 */
export function channelErrorOf(error: unknown): string {
  if (isChannelNotFound(error)) return channelText.notFound;
  if (error instanceof InvalidChannelResponseError) return error.message;
  return messageOf(error, channelText.failed);
}

/** One page of a channel's videos; a full page means there may be another. */
export interface ChannelVideosPage {
  videos: Video[];
  page: number;
  hasNextPage: boolean;
}

/** The server answers a plain list (the spec's shape); paging is the page number asked. */
export async function fetchChannelVideos(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<ChannelVideosPage> {
  const videos = await api('channelVideos', {
    params: { id },
    query: { page, limit: CHANNEL_VIDEOS_PAGE_SIZE },
    signal,
  });
  return { videos, page, hasNextPage: videos.length === CHANNEL_VIDEOS_PAGE_SIZE };
}

const noTweets = (page: number): TweetPage => ({
  tweets: [],
  totalTweets: 0,
  page,
  limit: CHANNEL_TWEETS_PAGE_SIZE,
  totalPages: 0,
  hasNextPage: false,
});

/** Tweets of the channel's user; tweets that fail to load count as none (core §7). */
export async function fetchChannelTweets(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<TweetPage> {
  try {
    const answer = await api('userTweets', {
      params: { id },
      query: { page, limit: CHANNEL_TWEETS_PAGE_SIZE },
      signal,
    });
    return answer?.tweets ? answer : noTweets(page);
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to load tweets', error);
    return noTweets(page);
  }
}
