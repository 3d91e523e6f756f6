import type { SubscribedChannel, SubscriptionFeed } from '@kinora/contract';
import { api } from '../../../lib/api';

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
} as const;

/** The feed reads 20 videos at a time (signed-in-areas §9). */
export const FEED_LIMIT = 20;
/** The channel list: the most a page of subscribed channels holds. */
export const CHANNELS_LIMIT = 100;

export const subscriptionKeys = {
  feed: ['subscriptions', 'feed'] as const,
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
