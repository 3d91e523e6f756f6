import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { subscriptionQueries } from '../api/subscriptions-api';

/** Latest Videos: the server's keyset feed, one page of 20 per 'Load more'. */
export function useSubscriptionFeed() {
  return useInfiniteQuery(subscriptionQueries.feed());
}

export function useSubscribedChannels(userId: string) {
  return useQuery(subscriptionQueries.channels(userId));
}

/** A channel's subscribers, a page at a time; a short page is the last. */
export function useSubscribers(channelId: string) {
  return useInfiniteQuery(subscriptionQueries.subscribers(channelId));
}
