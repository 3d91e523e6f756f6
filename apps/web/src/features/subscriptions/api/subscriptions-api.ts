import type { SubscribedChannel, Subscriber, SubscriptionFeed } from '@kinora/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api';

/** The spec's words for the Subscriptions page (signed-in-areas §2). */
export const subscriptionText = {
  heading: 'Subscriptions',
  signedOutTitle: 'Your Subscriptions',
  signIn: 'Sign In',
  createAccount: 'Create Account',
  latestTab: 'Latest Videos',
  channelsTab: 'All Channels',
  empty: 'No subscriptions yet',
  exploreVideos: 'Explore Videos',
  noRecent: 'No recent uploads',
  viewTrending: 'View Trending',
  loadMore: 'Load more',
  top: 'Top',
  fetchVideosFailed: 'Failed to load videos',
  fetchChannelsFailed: 'Failed to fetch channels',
  subscribersHeading: 'My Subscribers',
  noSubscribers: 'No subscribers yet',
  fetchSubscribersFailed: 'Failed to load subscribers',
} as const;

/** The feed reads 20 videos at a time (signed-in-areas §9). */
export const FEED_LIMIT = 20;
/** The channel list: the most a page of subscribed channels holds. */
export const CHANNELS_LIMIT = 100;

/** Subscribers are read this many at a time ('Load more' reads the next page). */
export const SUBSCRIBERS_PAGE_SIZE = 60;

export const subscriptionKeys = {
  /** Every list of subscriptions: a subscription made elsewhere changes them. */
  root: ['subscriptions'] as const,
  feed: ['subscriptions', 'feed'] as const,
  subscribers: (channelId: string) => ['subscriptions', 'subscribers', channelId] as const,
  channels: (userId: string) => ['subscriptions', 'channels', userId] as const,
};

export function fetchFeed(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<SubscriptionFeed> {
  return api('subscriptionFeed', { query: { limit: FEED_LIMIT, cursor }, signal });
}

export function fetchSubscribedChannels(
  userId: string,
  signal?: AbortSignal,
): Promise<SubscribedChannel[]> {
  return api('subscribedChannels', {
    params: { userId },
    query: { page: 1, limit: CHANNELS_LIMIT },
    signal,
  });
}

/** One page of a channel's subscribers, newest first; a 404 reads as none (signed-in-areas §8). */
export async function fetchSubscribers(
  channelId: string,
  page: number,
  signal?: AbortSignal,
): Promise<Subscriber[]> {
  try {
    return await api('channelSubscribers', {
      params: { channelId },
      query: { page, limit: SUBSCRIBERS_PAGE_SIZE },
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

/** The query options of the subscriptions, for its hooks and for pages that compose it. */
export const subscriptionQueries = {
  /** Latest Videos: the server's keyset feed, one page of 20 per 'Load more'. */
  feed: () =>
    infiniteQueryOptions({
      queryKey: subscriptionKeys.feed,
      queryFn: ({ pageParam, signal }) => fetchFeed(pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: SubscriptionFeed) => last.nextCursor ?? undefined,
    }),
  channels: (userId: string) =>
    queryOptions({
      queryKey: subscriptionKeys.channels(userId),
      queryFn: ({ signal }) => fetchSubscribedChannels(userId, signal),
    }),
  /** A channel's subscribers, a page at a time; a short page is the last. */
  subscribers: (channelId: string) =>
    infiniteQueryOptions({
      queryKey: subscriptionKeys.subscribers(channelId),
      queryFn: ({ pageParam, signal }) => fetchSubscribers(channelId, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last: Subscriber[], pages: Subscriber[][]) =>
        last.length === SUBSCRIBERS_PAGE_SIZE ? pages.length + 1 : undefined,
    }),
};
