import type { Tweet } from '@kinora/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { myStatsQuery } from '../../../lib/my-stats';
import {
  createTweet,
  deleteTweet,
  fetchMyTweets,
  fetchUserTweets,
  toggleTweetLike,
  tweetKeys,
  tweetQueries,
  tweetText,
  updateTweet,
} from '../api/tweets-api';

export function useTweetPage(page: number) {
  return useQuery({
    ...tweetQueries.page(page),
    // Paging keeps the old page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useUserTweets(userId: string) {
  return useQuery({
    queryKey: tweetKeys.ofUser(userId),
    queryFn: ({ signal }) => fetchUserTweets(userId, signal),
  });
}

/** A person's tweets a page at a time (the channel page's Tweets tab and its count). */
export function useUserTweetPages(userId: string) {
  return useInfiniteQuery(tweetQueries.pagesOfUser(userId));
}

export function useMyTweets() {
  return useQuery({
    queryKey: tweetKeys.mine,
    queryFn: ({ signal }) => fetchMyTweets(signal),
  });
}

/** The followed channels that have tweets, a page at a time. */
export function useTweetChannels() {
  return useInfiniteQuery(tweetQueries.channels());
}

/**
 * Every cached list holds tweets under `tweets` (and the user lists also under `docs`), or
 * pages of such lists; other entries (the channels list) are left as they are.
 */
type TweetList = { tweets?: Tweet[]; docs?: Tweet[] };
type CachedTweets = TweetList | { pages: TweetList[] };

function replaceIn(list: TweetList, swap: (tweet: Tweet) => Tweet): TweetList {
  if (!list.tweets) return list;
  return {
    ...list,
    tweets: list.tweets.map(swap),
    ...(list.docs ? { docs: list.docs.map(swap) } : {}),
  };
}

/** Changes one tweet in every cached list that holds it: one cache for every view of tweets. */
function useReplaceTweet() {
  const queryClient = useQueryClient();
  return (id: string, change: Partial<Tweet>) =>
    queryClient.setQueriesData<CachedTweets>({ queryKey: tweetKeys.all }, (data) => {
      if (!data) return data;
      const swap = (t: Tweet) => (t._id === id ? { ...t, ...change } : t);
      if ('pages' in data) return { ...data, pages: data.pages.map((p) => replaceIn(p, swap)) };
      return replaceIn(data, swap);
    });
}

export interface TweetLikeOptions {
  /**
   * Flip the flag and count at once (the tweets pages, signed-in-areas §4), or show the server's
   * answer when it comes (the channel page, core §4). True unless given.
   */
  isOptimistic?: boolean;
  /** Whether the person may like; visitors are told `signedOutText` instead. */
  isSignedIn?: boolean;
  /** The toast for a failed like. */
  failureText?: string;
}

/**
 * Liking tweets: a tweet's like is ignored while its own request is out, and the server's answer
 * replaces its flag and count in every list that shows it. The options are the channel page's
 * differences (core §4, §5, §8).
 */
export function useTweetLike({
  isOptimistic = true,
  isSignedIn = true,
  failureText = tweetText.likeFailed,
}: TweetLikeOptions = {}) {
  const toast = useToast();
  const replaceTweet = useReplaceTweet();
  // The ref guards against a second click before React re-renders; the state shows it.
  const inFlight = useRef(new Set<string>());
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());

  const setPending = (id: string, isPending: boolean) => {
    if (isPending) inFlight.current.add(id);
    else inFlight.current.delete(id);
    setPendingIds(new Set(inFlight.current));
  };

  const toggle = async (tweet: Tweet) => {
    if (!isSignedIn) {
      toast.info(tweetText.likeSignedOut);
      return;
    }
    if (inFlight.current.has(tweet._id)) return;
    setPending(tweet._id, true);
    if (isOptimistic) {
      replaceTweet(tweet._id, {
        isLiked: !tweet.isLiked,
        likesCount: Math.max(0, tweet.likesCount + (tweet.isLiked ? -1 : 1)),
      });
    }
    try {
      const answer = await toggleTweetLike(tweet._id);
      replaceTweet(tweet._id, { isLiked: answer.isLiked, likesCount: answer.likeCount });
    } catch {
      if (isOptimistic) {
        replaceTweet(tweet._id, { isLiked: tweet.isLiked, likesCount: tweet.likesCount });
      }
      toast.error(failureText);
    } finally {
      setPending(tweet._id, false);
    }
  };

  return { toggle, isPending: (tweetId: string) => pendingIds.has(tweetId) };
}

export function useCreateTweet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTweet,
    onSuccess: () => {
      // The profile's tweet count changes too.
      void queryClient.invalidateQueries({ queryKey: myStatsQuery().queryKey });
      return queryClient.invalidateQueries({ queryKey: tweetKeys.all });
    },
  });
}

export function useUpdateTweet() {
  const toast = useToast();
  const replaceTweet = useReplaceTweet();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) => updateTweet(id, content),
    onSuccess: (tweet) => replaceTweet(tweet._id, tweet),
    onError: (error) => toast.error(messageOf(error, tweetText.updateFailed)),
  });
}

export function useDeleteTweet() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: deleteTweet,
    onSuccess: () => {
      toast.success(tweetText.deleted);
      void queryClient.invalidateQueries({ queryKey: myStatsQuery().queryKey });
      return queryClient.invalidateQueries({ queryKey: tweetKeys.all });
    },
    onError: (error) => toast.error(messageOf(error, tweetText.deleteFailed)),
  });
}
