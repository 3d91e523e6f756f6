import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchFeed, fetchSubscribedChannels, subscriptionKeys } from '../api/subscriptions-api';

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
