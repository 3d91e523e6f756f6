import type { ReactNode } from 'react';
import { MessageSquareIcon } from '../../../components/icons';
import { StatusPanel } from '../../../components/StatusPanel';
import { useFocusNewItem } from '../../../lib/use-focus-new-item';
import { tweetText } from '../api/tweets-api';
import { useTweetLike, useUserTweetPages } from '../hooks/use-tweets';
import { TweetListSkeleton } from './TweetCard';
import { TweetList } from './TweetList';
import { NextPageButton } from '../../../components/LoadMoreButton';

/**
 * A person's tweets, newest first, a page at a time, read-only but for likes: the channel
 * page's Tweets tab (core §2.10). Tweets that fail to load show as none (core §7); the likes
 * follow the channel page's rules (visitors are asked to log in, the server's answer shows).
 */
export function UserTweetList({ userId, isSignedIn }: { userId: string; isSignedIn: boolean }) {
  const query = useUserTweetPages(userId);
  const like = useTweetLike({
    isOptimistic: false,
    isSignedIn,
    failureText: tweetText.channelLikeFailed,
  });
  const { listRef, focusItemWhenShown } = useFocusNewItem<HTMLUListElement>();

  if (query.isPending) {
    return (
      <div className="max-w-3xl">
        <TweetListSkeleton />
      </div>
    );
  }
  const tweets = query.data?.pages.flatMap((page) => page.tweets) ?? [];
  if (tweets.length === 0) {
    return (
      <StatusPanel
        icon={<MessageSquareIcon size={26} />}
        title={tweetText.noUserTweetsTitle}
        description={tweetText.noUserTweetsText}
      />
    );
  }

  return (
    <div className="max-w-3xl">
      <TweetList tweets={tweets} label="Tweets" like={like} listRef={listRef} />
      <NextPageButton
        query={query}
        label="Load more tweets"
        onLoad={() => focusItemWhenShown(tweets.length)}
        className="mt-6"
      />
    </div>
  );
}

/**
 * How many tweets the person has, as their list knows it: `children(count)`, with undefined
 * until the first page has come. Mounting it loads the list (the channel page loads its tabs'
 * lists with the page, core §7).
 */
export function UserTweetCount({
  userId,
  children,
}: {
  userId: string;
  children: (count: number | undefined) => ReactNode;
}) {
  const query = useUserTweetPages(userId);
  return children(query.data ? (query.data.pages[0]?.totalTweets ?? 0) : undefined);
}
