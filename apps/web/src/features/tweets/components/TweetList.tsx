import type { Tweet } from '@kinora/contract';
import type { Ref } from 'react';
import type { useDeleteTweet, useTweetLike, useUpdateTweet } from '../hooks/use-tweets';
import { TweetCard } from './TweetCard';

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
