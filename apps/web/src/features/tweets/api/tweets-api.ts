import type {
  LikeToggleResult,
  Tweet,
  TweetChannelPage,
  TweetPage,
  UserTweetPage,
} from '@kinora/contract';
import { limits } from '@kinora/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { numberedPagesQuery } from '../../../lib/numbered-pages';

/** The spec's words for the Tweets page (signed-in-areas §2, §5, §8; core §4). */
export const tweetText = {
  loading: 'Loading tweets',
  signedOutMessage: 'Sign in to read and post tweets from the channels you follow.',
  heading: 'Tweets',
  myTweetsHeading: 'My Tweets',
  signedOutTitle: 'Please Login',
  channelsTab: 'Channels',
  allTab: 'All Tweets',
  backToChannels: 'Back to channels',
  noChannels: 'No channels with tweets yet',
  noTweets: 'No tweets yet',
  placeholder: "What's happening?",
  post: 'Tweet',
  posting: 'Posting...',
  edited: 'edited',
  replyNotAllowed: 'You are not allowed to reply on this tweet.',
  loadFailed: 'Failed to load tweets',
  postFailed: 'Failed to post tweet',
  deleteFailed: 'Failed to delete tweet',
  fetchChannelsFailed: 'Failed to fetch channels',
  fetchTweetsFailed: 'Failed to fetch tweets',
  fetchChannelTweetsFailed: 'Failed to fetch channel tweets',
  createFailed: 'Failed to create tweet',
  likeFailed: 'Failed to update like',
  /** The channel page's words for the same failure (core §8). */
  channelLikeFailed: 'Failed to like tweet',
  /** A visitor's like on the channel page (core §5). */
  likeSignedOut: 'Please log in to like tweets!',
  /** The channel page's Tweets tab when the person has none (core §2.10). */
  noUserTweetsTitle: 'No tweets yet',
  noUserTweetsText: "This user hasn't shared any thoughts yet.",
  updateFailed: 'Failed to update tweet',
  deleted: 'Tweet deleted successfully!',
} as const;

export const TWEET_MAX = limits.tweet;
/** The feed's counter turns red above this many characters (signed-in-areas §5). */
export const TWEET_WARN = 260;
/** On the profile's My Tweets tab the counter turns red sooner (signed-in-areas §5). */
export const PROFILE_TWEET_WARN = 250;
/** "Own videos and tweets fetch limit 50" (signed-in-areas §9). */
export const OWN_TWEETS_LIMIT = 50;
/** The all-tweets feed shows 10 a page, newest first (signed-in-areas §7, §9). */
export const FEED_PAGE_SIZE = 10;
/** A channel's tweets: 50 at a time, as the own tweets (signed-in-areas §9). */
export const CHANNEL_TWEETS_LIMIT = 50;
/** The channel page's Tweets tab reads this many at a time ('Load more tweets'). */
export const USER_TWEETS_PAGE_SIZE = 20;
/** The channel list reads this many followed channels at a time ('Load more' for the rest). */
export const CHANNELS_PAGE_SIZE = 20;

/**
 * Every key starts with `tweets`, so a like or an edit can update each cached list, wherever
 * the list is shown (the tweets pages, the profile, the channel page).
 */
export const tweetKeys = {
  all: ['tweets'] as const,
  page: (page: number) => ['tweets', 'all', page] as const,
  ofUser: (userId: string) => ['tweets', 'user', userId] as const,
  /** The same person's tweets a page at a time (the channel page); below `ofUser`. */
  pagesOfUser: (userId: string) => ['tweets', 'user', userId, 'pages'] as const,
  channels: ['tweets', 'channels'] as const,
  mine: ['tweets', 'mine'] as const,
};

export function fetchTweetPage(page: number, signal?: AbortSignal): Promise<TweetPage> {
  return api('listTweets', {
    query: { page, limit: FEED_PAGE_SIZE, sortBy: 'createdAt', sortType: 'desc' },
    signal,
  });
}

export function fetchUserTweets(userId: string, signal?: AbortSignal): Promise<UserTweetPage> {
  return api('userTweets', {
    params: { id: userId },
    query: { page: 1, limit: CHANNEL_TWEETS_LIMIT },
    signal,
  });
}

const noTweets = (page: number): TweetPage => ({
  tweets: [],
  totalTweets: 0,
  page,
  limit: USER_TWEETS_PAGE_SIZE,
  totalPages: 0,
  hasNextPage: false,
});

/** One page of a person's tweets; tweets that fail to load count as none (core §7). */
export async function fetchUserTweetsPage(
  userId: string,
  page: number,
  signal?: AbortSignal,
): Promise<TweetPage> {
  try {
    const answer = await api('userTweets', {
      params: { id: userId },
      query: { page, limit: USER_TWEETS_PAGE_SIZE },
      signal,
    });
    return answer?.tweets ? answer : noTweets(page);
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to load tweets', error);
    return noTweets(page);
  }
}

/** The query options of the tweets feature, for its own hooks and for pages that compose it. */
export const tweetQueries = {
  /** A person's tweets a page at a time, newest first (the channel page's Tweets tab). */
  pagesOfUser: (userId: string) =>
    numberedPagesQuery(tweetKeys.pagesOfUser(userId), (page, signal) =>
      fetchUserTweetsPage(userId, page, signal),
    ),
  /** The followed channels that have tweets, a page at a time. */
  channels: () => numberedPagesQuery(tweetKeys.channels, fetchTweetChannels),
  /** The all-tweets feed's numbered pages (`/tweets`). */
  page: (page: number) =>
    queryOptions({
      queryKey: tweetKeys.page(page),
      queryFn: ({ signal }) => fetchTweetPage(page, signal),
    }),
};

/** The signed-in user's own tweets, newest first (the profile's My Tweets tab). */
export function fetchMyTweets(signal?: AbortSignal): Promise<UserTweetPage> {
  return api('myTweets', { query: { page: 1, limit: OWN_TWEETS_LIMIT }, signal });
}

/** Every followed channel that has tweets, the most recently tweeting first, a page at a time. */
export function fetchTweetChannels(page: number, signal?: AbortSignal): Promise<TweetChannelPage> {
  return api('tweetChannels', { query: { page, limit: CHANNELS_PAGE_SIZE }, signal });
}

export function createTweet(content: string): Promise<Tweet> {
  return api('createTweet', { body: { content } });
}

export function updateTweet(id: string, content: string): Promise<Tweet> {
  return api('updateTweet', { params: { id }, body: { content } });
}

export async function deleteTweet(id: string): Promise<void> {
  await api('deleteTweet', { params: { id } });
}

export function toggleTweetLike(id: string): Promise<LikeToggleResult> {
  return api('toggleTweetLike', { params: { id } });
}
