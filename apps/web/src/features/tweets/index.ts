// What other parts of the app show of tweets: one card, one list, one like, one cache.
export { tweetKeys, tweetQueries, tweetText } from './api/tweets-api';
export { TweetCard, TweetListSkeleton } from './components/TweetCard';
export { TweetList, type TweetEditing } from './components/TweetList';
export { UserTweetCount, UserTweetList } from './components/UserTweetList';
export { useTweetLike, useUserTweetPages, type TweetLikeOptions } from './hooks/use-tweets';
