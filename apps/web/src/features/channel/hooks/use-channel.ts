import type { ChannelWithStats, Tweet, TweetPage } from '@kinora/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { api } from '../../../lib/api';
import { useOnProfileUpdated } from '../../../lib/auth';
import {
  channelKeys,
  channelText,
  fetchChannel,
  fetchChannelTweets,
  fetchChannelVideos,
} from '../api/channel-api';

const nextPageOf = (last: { hasNextPage: boolean; page: number }) =>
  last.hasNextPage ? last.page + 1 : undefined;

export function useChannel(id: string) {
  return useQuery({
    queryKey: channelKeys.detail(id),
    queryFn: ({ signal }) => fetchChannel(id, signal),
    // A missing channel stays missing; other failures get the app's usual retries.
  });
}

export function useChannelVideos(id: string) {
  return useInfiniteQuery({
    queryKey: channelKeys.videos(id),
    queryFn: ({ pageParam, signal }) => fetchChannelVideos(id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useChannelTweets(id: string) {
  return useInfiniteQuery({
    queryKey: channelKeys.tweets(id),
    queryFn: ({ pageParam, signal }) => fetchChannelTweets(id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

/**
 * Everything on the page again: after Refresh, and when the profile changed in this tab or
 * another (core §2.10).
 */
export function useChannelRefresh(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: channelKeys.all(id) });
  useOnProfileUpdated(() => void refresh());
  return refresh;
}

/**
 * Subscribe/unsubscribe. The answer updates the button and count at once; the channel's
 * statistics are then fetched again (core §4).
 */
export function useSubscriptionToggle(channelId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => api('toggleSubscription', { params: { channelId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData<ChannelWithStats>(channelKeys.detail(channelId), (data) =>
        data
          ? {
              channel: {
                ...data.channel,
                isSubscribed: answer.isSubscribed,
                subscribersCount: answer.subscriberCount,
              },
              stats: { ...data.stats, totalSubscribers: answer.subscriberCount },
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: channelKeys.detail(channelId) });
      // The watch page keeps its own subscription status for this channel.
      void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
    },
    onError: () => toast.error(channelText.subscribeFailed),
  });
}

/**
 * Liking tweets. Visitors are told to log in; a tweet's like is ignored while its own request
 * is in flight; the server's answer replaces the tweet's count and flag (core §4, §5).
 */
export function useTweetLike(channelId: string, isSignedIn: boolean) {
  const queryClient = useQueryClient();
  const toast = useToast();
  // The ref guards against a second click before React re-renders; the state shows it.
  const inFlight = useRef(new Set<string>());
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());

  const setPending = (id: string, isPending: boolean) => {
    if (isPending) inFlight.current.add(id);
    else inFlight.current.delete(id);
    setPendingIds(new Set(inFlight.current));
  };

  const replaceTweet = (id: string, change: Pick<Tweet, 'isLiked' | 'likesCount'>) =>
    queryClient.setQueryData<InfiniteData<TweetPage, number>>(
      channelKeys.tweets(channelId),
      (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                tweets: page.tweets.map((t) => (t._id === id ? { ...t, ...change } : t)),
              })),
            }
          : data,
    );

  const toggle = async (tweetId: string) => {
    if (!isSignedIn) {
      toast.info(channelText.likeSignedOut);
      return;
    }
    if (inFlight.current.has(tweetId)) return;
    setPending(tweetId, true);
    try {
      const answer = await api('toggleTweetLike', { params: { id: tweetId } });
      replaceTweet(tweetId, { isLiked: answer.isLiked, likesCount: answer.likeCount });
    } catch {
      toast.error(channelText.likeFailed);
    } finally {
      setPending(tweetId, false);
    }
  };

  return { toggle, isPending: (tweetId: string) => pendingIds.has(tweetId) };
}
