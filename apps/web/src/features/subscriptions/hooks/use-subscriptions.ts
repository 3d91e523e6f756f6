import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  fetchFeed,
  fetchSubscribedChannels,
  fetchSubscribers,
  SUBSCRIBERS_PAGE_SIZE,
  subscriptionKeys,
} from '../api/subscriptions-api';

/** Latest Videos: the server's keyset feed, one page of 20 per 'Load more'. */
export function useSubscriptionFeed() {
  return useInfiniteQuery({
    queryKey: subscriptionKeys.feed,
    queryFn: ({ pageParam, signal }) => fetchFeed(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useSubscribedChannels(userId: string) {
  return useQuery({
    queryKey: subscriptionKeys.channels(userId),
    queryFn: ({ signal }) => fetchSubscribedChannels(userId, signal),
  });
}

/** A channel's subscribers, a page at a time; a short page is the last. */
export function useSubscribers(channelId: string) {
  return useInfiniteQuery({
    queryKey: subscriptionKeys.subscribers(channelId),
    queryFn: ({ pageParam, signal }) => fetchSubscribers(channelId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      last.length === SUBSCRIBERS_PAGE_SIZE ? pages.length + 1 : undefined,
  });
}
