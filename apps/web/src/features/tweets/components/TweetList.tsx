import type { Tweet } from '@kinora/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, ReactNode, Ref } from 'react';
import { MessageSquareIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { StatusPanel } from '../../../components/StatusPanel';
import { tweetText } from '../api/tweets-api';
import type { useDeleteTweet, useTweetLike, useUpdateTweet } from '../hooks/use-tweets';
import { TweetCard, TweetListSkeleton } from './TweetCard';

/** Edit and delete, on the tweets `isOwn` says are the person's own. */
export interface TweetEditing {
  isOwn: (tweet: Tweet) => boolean;
  update: ReturnType<typeof useUpdateTweet>;
  remove: ReturnType<typeof useDeleteTweet>;
}

/** Tweets as cards, each with its like (and, where given, edit and delete). */
export function TweetList({
  tweets,
  label,
  like,
  editing,
  listRef,
}: {
  tweets: Tweet[];
  /** The list's accessible name. */
  label: string;
  like: ReturnType<typeof useTweetLike>;
  editing?: TweetEditing;
  listRef?: Ref<HTMLUListElement>;
}) {
  return (
    <ul ref={listRef} aria-label={label} className="flex flex-col gap-3">
      {tweets.map((tweet) => {
        const canChange = editing?.isOwn(tweet) ?? false;
        return (
          <li key={tweet._id}>
            <TweetCard
              tweet={tweet}
              isLikePending={like.isPending(tweet._id)}
              onLike={() => void like.toggle(tweet)}
              onEdit={
                editing && canChange
                  ? (content) => editing.update.mutateAsync({ id: tweet._id, content })
                  : undefined
              }
              onDelete={editing && canChange ? () => editing.remove.mutate(tweet._id) : undefined}
              isDeleting={
                editing !== undefined &&
                editing.remove.isPending &&
                editing.remove.variables === tweet._id
              }
            />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A page of tweets as its query goes: skeletons while it loads, `errorTitle` with 'Try Again'
 * when it fails, 'No tweets yet' (and `emptyDescription`) when there are none, else the tweets
 * with `children` (a pager) under them.
 */
export function TweetFeed({
  query,
  errorTitle,
  emptyDescription,
  children,
  ...list
}: {
  query: UseQueryResult<{ tweets: Tweet[] }>;
  errorTitle: string;
  emptyDescription?: string;
  children?: ReactNode;
} & Omit<ComponentProps<typeof TweetList>, 'tweets'>) {
  if (query.isPending) return <TweetListSkeleton />;
  if (query.isError) return <LoadError title={errorTitle} query={query} />;
  if (query.data.tweets.length === 0) {
    return (
      <StatusPanel
        icon={<MessageSquareIcon size={26} />}
        title={tweetText.noTweets}
        {...(emptyDescription ? { description: emptyDescription } : {})}
      />
    );
  }
  return (
    <>
      <TweetList tweets={query.data.tweets} {...list} />
      {children}
    </>
  );
}
