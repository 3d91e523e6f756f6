import type { ChannelWithStats, Video } from '@kinora/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, InvalidAnswerError, isApiError, messageOf } from '../../../lib/api';
import { numberedPagesQuery } from '../../../lib/numbered-pages';

/** Channel page constants. */
export const CHANNEL_VIDEOS_PAGE_SIZE = 12;

/**
 * Cache keys. Everything of one channel sits under ['channels', id], so one invalidation
 * refreshes the page; `root` holds every channel (a subscription made elsewhere changes them).
 * The channel's tweets are the tweets feature's (the page in app/ passes them in).
 */
export const channelKeys = {
  root: ['channels'] as const,
  all: (id: string) => ['channels', id] as const,
  detail: (id: string) => ['channels', id, 'detail'] as const,
  /** Which channel a username names (an @name's link). */
  byName: (username: string) => ['channels', 'by-name', username.toLowerCase()] as const,
  videos: (id: string) => ['channels', id, 'videos'] as const,
};

export const channelText = {
  notFound: 'Channel not found',
  invalid: 'Invalid channel response structure',
  failed: 'Failed to fetch channel data',
  copied: 'Channel URL copied to clipboard!',
  copyFailed: 'Failed to copy channel link',
  subscribeFailed: 'Failed to subscribe/unsubscribe',
  noVideosTitle: 'No videos uploaded yet',
  noVideosText: "This channel hasn't uploaded any videos.",
  aboutTitle: 'Channel Information',
} as const;

/** The answer when it holds a channel with its figures; else the screen's "invalid" error. */
function channelIn(data: ChannelWithStats | null | undefined): ChannelWithStats {
  if (!data || typeof data !== 'object' || !data.channel?._id || !data.stats) {
    throw new InvalidAnswerError(channelText.invalid);
  }
  return data;
}

export async function fetchChannel(id: string, signal?: AbortSignal): Promise<ChannelWithStats> {
  return channelIn(await api('getChannel', { params: { id }, signal }));
}

export async function fetchChannelByName(
  username: string,
  signal?: AbortSignal,
): Promise<ChannelWithStats> {
  return channelIn(await api('channelByName', { params: { name: username }, signal }));
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
  if (error instanceof InvalidAnswerError) return error.message;
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

/** The query options of the channel page's own lists. */
export const channelQueries = {
  /** The channel's videos, a page at a time. */
  videos: (id: string) =>
    numberedPagesQuery(channelKeys.videos(id), (page, signal) =>
      fetchChannelVideos(id, page, signal),
    ),
  /** The channel with its figures; a missing one stays missing, other failures are retried. */
  detail: (id: string) =>
    queryOptions({
      queryKey: channelKeys.detail(id),
      queryFn: ({ signal }) => fetchChannel(id, signal),
    }),
};
