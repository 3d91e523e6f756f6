import type { Tweet } from '@kinora/contract';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { MessageSquareIcon, ThumbsUpIcon } from '../../../components/icons';
import { StatusPanel } from '../../../components/StatusPanel';
import { useToast } from '../../../components/toast';
import { cn } from '../../../lib/cn';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { useFocusNewItem } from '../../../lib/use-focus-new-item';
import { channelText } from '../api/channel-api';
import { useTweetLike, type useChannelTweets } from '../hooks/use-channel';

/** The user's tweets, newest first; tweets that fail to load show as none (core §7). */
export function TweetsTab({
  query,
  channelId,
  isSignedIn,
}: {
  query: ReturnType<typeof useChannelTweets>;
  channelId: string;
  isSignedIn: boolean;
}) {
  const like = useTweetLike(channelId, isSignedIn);
  const { listRef, focusItemWhenShown } = useFocusNewItem<HTMLUListElement>();

  if (query.isPending) return <TweetsSkeleton />;
  const tweets = query.data?.pages.flatMap((page) => page.tweets) ?? [];
  if (tweets.length === 0) {
    return (
      <StatusPanel
        icon={<MessageSquareIcon size={26} />}
        title={channelText.noTweetsTitle}
        description={channelText.noTweetsText}
      />
    );
  }

  return (
    <div className="max-w-3xl">
      <ul ref={listRef} aria-label="Tweets" className="flex flex-col gap-3">
        {tweets.map((tweet) => (
          <li key={tweet._id}>
            <TweetCard
              tweet={tweet}
              isLikePending={like.isPending(tweet._id)}
              onLike={() => void like.toggle(tweet._id)}
            />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button
            variant="secondary"
            className="rounded-full"
            disabled={query.isFetchingNextPage}
            onClick={() => {
              focusItemWhenShown(tweets.length);
              void query.fetchNextPage();
            }}
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load more tweets'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function TweetCard({
  tweet,
  isLikePending,
  onLike,
}: {
  tweet: Tweet;
  isLikePending: boolean;
  onLike: () => void;
}) {
  const toast = useToast();
  return (
    <article className="flex gap-3 rounded-lg border border-border bg-surface p-4">
      <Avatar src={tweet.owner.avatar} name={tweet.owner.username} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-fg">{tweet.owner.username}</span>
          <time dateTime={tweet.createdAt} className="text-fg-muted">
            {formatRelativeTime(tweet.createdAt, { style: 'short' })}
          </time>
        </p>
        <p className="mt-1 whitespace-pre-line break-words text-fg">{tweet.content}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            aria-pressed={tweet.isLiked}
            // Not `disabled`: the button keeps keyboard focus while its request is out.
            aria-disabled={isLikePending || undefined}
            aria-busy={isLikePending || undefined}
            onClick={onLike}
            className={cn(
              'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors',
              tweet.isLiked
                ? 'border-accent/40 bg-accent-soft text-accent-text'
                : 'border-border bg-surface text-fg hover:bg-raised',
              isLikePending && 'cursor-progress opacity-60',
            )}
          >
            <ThumbsUpIcon size={16} className={tweet.isLiked ? 'fill-current' : undefined} />
            {tweet.isLiked ? 'Liked' : 'Like'}{' '}
            <span className="tabular-nums">{formatCount(tweet.likesCount)}</span>
          </button>
          <button
            type="button"
            onClick={() => toast.info(channelText.replyNotAllowed)}
            className="inline-flex h-8 items-center gap-1.5 rounded-full border border-border bg-surface px-3 text-sm font-medium text-fg transition-colors hover:bg-raised"
          >
            <MessageSquareIcon size={16} />
            Reply
          </button>
        </div>
      </div>
    </article>
  );
}

function TweetsSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading tweets"
      className="flex max-w-3xl animate-pulse flex-col gap-3"
    >
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-3 rounded-lg border border-border bg-surface p-4">
          <div className="size-10 shrink-0 rounded-full bg-raised" />
          <div className="flex-1 space-y-2">
            <div className="h-3.5 w-40 rounded-sm bg-raised" />
            <div className="h-4 w-full rounded-sm bg-raised" />
            <div className="h-4 w-2/3 rounded-sm bg-raised" />
          </div>
        </div>
      ))}
    </div>
  );
}
