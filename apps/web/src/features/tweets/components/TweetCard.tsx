import type { Tweet } from '@kinora/contract';
import { useState } from 'react';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { MessageSquareIcon, PencilIcon, ThumbsUpIcon, TrashIcon } from '../../../components/icons';
import { useToast } from '../../../components/toast';
import { cn } from '../../../lib/cn';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { tweetText } from '../api/tweets-api';
import { TweetComposer } from './TweetComposer';
import { PostCardsSkeleton } from '../../../components/Skeleton';
import { RichText } from '../../../components/RichText';
import { ReportAction } from '../../../components/moderation-extras';
import { ModerationNotice } from '../../../components/ModerationNotice';

const pillClass =
  'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors';

/**
 * One tweet: owner, age, text, Like with its count and Reply. `onDelete` and `onEdit` are given
 * only for the user's own tweets where they may be changed (all mode).
 */
export function TweetCard({
  tweet,
  isLikePending,
  onLike,
  onDelete,
  isDeleting = false,
  onEdit,
}: {
  tweet: Tweet;
  isLikePending: boolean;
  onLike: () => void;
  onDelete?: () => void;
  isDeleting?: boolean;
  onEdit?: (content: string) => Promise<unknown>;
}) {
  const toast = useToast();
  const [isEditing, setEditing] = useState(false);
  return (
    <article
      aria-label={`Tweet by ${tweet.owner.username}`}
      className="flex gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <Avatar src={tweet.owner.avatar} name={tweet.owner.username} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-fg">{tweet.owner.fullname}</span>
          <span className="text-fg-muted">@{tweet.owner.username}</span>
          <time dateTime={tweet.createdAt} className="text-fg-muted">
            {formatRelativeTime(tweet.createdAt, { style: 'short' })}
          </time>
          {tweet.isEdited ? (
            <span
              className="text-xs text-fg-muted"
              title={tweet.editedAt ? new Date(tweet.editedAt).toLocaleString() : undefined}
            >
              {tweetText.edited}
            </span>
          ) : null}
        </p>
        {isEditing && onEdit ? (
          <div className="mt-2">
            <TweetComposer
              label="Edit tweet"
              initialContent={tweet.content}
              submitLabel="Save"
              busyLabel="Saving..."
              onSubmit={async (content) => {
                await onEdit(content);
                setEditing(false);
              }}
              onCancel={() => setEditing(false)}
            />
          </div>
        ) : (
          <p className="mt-1 whitespace-pre-line break-words text-fg">
            <RichText text={tweet.content} />
          </p>
        )}
        <ModerationNotice notice={tweet.moderation} className="mt-2" />
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-pressed={tweet.isLiked}
            // Not `disabled`: the button keeps keyboard focus while its request is out.
            aria-disabled={isLikePending || undefined}
            aria-busy={isLikePending || undefined}
            onClick={onLike}
            className={cn(
              pillClass,
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
            onClick={() => toast.info(tweetText.replyNotAllowed)}
            className={cn(pillClass, 'border-border bg-surface text-fg hover:bg-raised')}
          >
            <MessageSquareIcon size={16} />
            Reply
          </button>
          {onEdit && !isEditing ? (
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
              <PencilIcon size={16} />
              Edit
            </Button>
          ) : null}
          {onDelete ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-danger"
              disabled={isDeleting}
              onClick={onDelete}
            >
              <TrashIcon size={16} />
              Delete
            </Button>
          ) : null}
          <span className="ml-auto">
            <ReportAction
              target={{
                targetKind: 'tweet',
                targetId: tweet._id,
                ownerId: tweet.owner._id,
                label: `tweet by @${tweet.owner.username}`,
              }}
            />
          </span>
        </div>
      </div>
    </article>
  );
}

export function TweetListSkeleton() {
  return <PostCardsSkeleton label="Loading tweets" />;
}
