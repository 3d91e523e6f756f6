import type { Comment, CurrentUser } from '@kinora/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { RichText } from '../../../components/RichText';
import { Avatar, AvatarLink } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { textAreaClass } from '../../../components/form/TextAreaField';
import { MessageSquareIcon, ThumbsUpIcon, TrashIcon } from '../../../components/icons';
import { cn } from '../../../lib/cn';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { useCommentActions, useComments } from '../hooks/use-comments';
import { BoneList } from '../../../components/Skeleton';
import { channelPathOf } from '../../../lib/paths';
import { HeldReview, ReportAction } from '../../../components/moderation-extras';
import { ModerationNotice } from '../../../components/ModerationNotice';

/**
 * Comments of a video (core §2.8): the count, a comment box for signed-in users (Post stays
 * disabled while the text is blank), and a list that scrolls at a fixed height, with
 * Like/Liked on each comment for signed-in users.
 */
export function CommentsSection({
  videoId,
  videoOwnerId,
  fallbackCount,
  viewer,
  onSeek,
}: {
  videoId: string;
  videoOwnerId: string;
  fallbackCount: number;
  viewer: CurrentUser | null;
  /** Times written in a comment move the player there. */
  onSeek?: ((seconds: number) => void) | undefined;
}) {
  const headingId = useId();
  const list = useComments(videoId);
  const actions = useCommentActions(videoId);
  const count = list.totalCount ?? fallbackCount;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-bold text-fg">
        {formatCount(count)} {count === 1 ? 'Comment' : 'Comments'}
      </h2>

      {viewer ? (
        <CommentForm viewer={viewer} onPost={actions.post} isPosting={actions.isPosting} />
      ) : (
        <p className="text-sm text-fg-muted">
          <Link to="/login" className="font-medium text-accent-text hover:underline">
            Sign in
          </Link>{' '}
          to join the conversation.
        </p>
      )}

      <div
        role="region"
        aria-label="Comment list"
        // Scrollable content must be reachable by keyboard.
        tabIndex={0}
        className="max-h-112 overflow-y-auto rounded-lg border border-border bg-surface"
      >
        {list.isPending ? (
          <CommentSkeletons />
        ) : list.isError ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm">
            <p className="text-fg-muted">Comments could not be loaded.</p>
            <Button variant="secondary" size="sm" onClick={list.retry}>
              Try Again
            </Button>
          </div>
        ) : list.comments.length === 0 ? (
          <div className="flex flex-col items-center gap-1 px-4 py-10 text-center">
            <MessageSquareIcon className="text-fg-muted" />
            <p className="mt-1 font-medium text-fg">No comments yet</p>
            <p className="text-sm text-fg-muted">Be the first to comment!</p>
          </div>
        ) : (
          <>
            <ul className="divide-y divide-border">
              {list.comments.map((comment) => (
                <CommentItem
                  key={comment._id}
                  comment={comment}
                  viewerId={viewer?._id ?? null}
                  canDelete={
                    viewer !== null && (viewer._id === comment.owner || viewer._id === videoOwnerId)
                  }
                  isLiking={actions.likingId === comment._id}
                  isRemoving={actions.removingId === comment._id}
                  onToggleLike={() => actions.toggleLike(comment._id)}
                  onRemove={() => actions.remove(comment._id)}
                  onSeek={onSeek}
                />
              ))}
            </ul>
            {list.hasMore ? (
              <div className="border-t border-border p-3 text-center">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={list.isLoadingMore}
                  onClick={list.loadMore}
                >
                  {list.isLoadingMore ? 'Loading…' : 'Show more comments'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

function CommentForm({
  viewer,
  onPost,
  isPosting,
}: {
  viewer: CurrentUser;
  onPost: (content: string) => Promise<boolean>;
  isPosting: boolean;
}) {
  const [text, setText] = useState('');
  const inputId = useId();
  const isBlank = text.trim() === '';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlank || isPosting) return;
    if (await onPost(text.trim())) setText('');
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex gap-3" aria-label="Add a comment">
      <Avatar src={viewer.avatar} name={viewer.username} size="sm" className="mt-1" />
      <div className="flex min-w-0 flex-1 flex-col items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          Add a comment
        </label>
        <textarea
          id={inputId}
          value={text}
          rows={2}
          maxLength={2000}
          placeholder="Add a comment…"
          onChange={(e) => setText(e.target.value)}
          className={cn(textAreaClass, 'resize-y')}
        />
        <Button type="submit" size="sm" disabled={isBlank || isPosting}>
          {isPosting ? 'Posting…' : 'Post'}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({
  comment,
  viewerId,
  canDelete,
  isLiking,
  isRemoving,
  onToggleLike,
  onRemove,
  onSeek,
}: {
  comment: Comment;
  viewerId: string | null;
  canDelete: boolean;
  isLiking: boolean;
  isRemoving: boolean;
  onToggleLike: () => void;
  onRemove: () => void;
  onSeek?: ((seconds: number) => void) | undefined;
}) {
  const author = comment.ownerDetails;
  const authorName = author?.username ?? 'Unknown user';
  // A link to this comment (a notification's) scrolls to it and marks it.
  const isLinked = useLocation().hash === `#comment-${comment._id}`;
  const itemRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (isLinked) itemRef.current?.scrollIntoView?.({ block: 'center' });
  }, [isLinked]);
  return (
    <li
      ref={itemRef}
      id={`comment-${comment._id}`}
      className={cn(
        'flex gap-3 px-3 py-3 sm:px-4',
        isRemoving && 'opacity-60',
        isLinked && 'bg-accent-soft/60',
      )}
    >
      <AvatarLink
        to={channelPathOf(comment.owner)}
        src={author?.avatar}
        name={authorName}
        size="sm"
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <Link
            to={channelPathOf(comment.owner)}
            className="rounded-sm font-semibold text-fg hover:underline"
          >
            @{authorName}
          </Link>
          <span className="text-fg-muted"> · {formatRelativeTime(comment.createdAt)}</span>
        </p>
        <p className="mt-0.5 text-sm break-words whitespace-pre-line text-fg">
          <RichText text={comment.content} onSeek={onSeek} />
        </p>
        <ModerationNotice notice={comment.moderation} className="mt-1.5">
          {comment.moderation?.state === 'held' && canDelete && viewerId !== comment.owner ? (
            <HeldReview targetKind="comment" targetId={comment._id} />
          ) : null}
        </ModerationNotice>
        <div className="mt-1.5 flex items-center gap-1">
          {viewerId ? (
            <button
              type="button"
              aria-pressed={comment.isLiked}
              disabled={isLiking}
              onClick={onToggleLike}
              className={cn(
                'inline-flex h-8 items-center gap-1.5 rounded-full px-2.5 text-xs font-medium transition-colors hover:bg-raised disabled:opacity-60',
                comment.isLiked ? 'text-accent-text' : 'text-fg-muted',
              )}
            >
              <ThumbsUpIcon size={15} className={comment.isLiked ? 'fill-current' : undefined} />
              {comment.isLiked ? 'Liked' : 'Like'}
              {comment.likesCount > 0 ? ' ' : null}
              {comment.likesCount > 0 ? (
                <span className="tabular-nums">{formatCount(comment.likesCount)}</span>
              ) : null}
            </button>
          ) : comment.likesCount > 0 ? (
            <span className="inline-flex items-center gap-1.5 px-1 text-xs text-fg-muted">
              <ThumbsUpIcon size={15} />
              <span className="tabular-nums">{formatCount(comment.likesCount)}</span>
              <span className="sr-only">{comment.likesCount === 1 ? 'like' : 'likes'}</span>
            </span>
          ) : null}
          {canDelete ? (
            <button
              type="button"
              aria-label={`Delete comment by @${authorName}`}
              title="Delete comment"
              disabled={isRemoving}
              onClick={() => {
                if (window.confirm('Delete this comment?')) onRemove();
              }}
              className="inline-flex size-8 items-center justify-center rounded-full text-fg-muted transition-colors hover:bg-raised hover:text-danger disabled:opacity-60"
            >
              <TrashIcon size={15} />
            </button>
          ) : null}
          <ReportAction
            target={{
              targetKind: 'comment',
              targetId: comment._id,
              ownerId: comment.owner,
              label: `comment by @${authorName}`,
            }}
          />
        </div>
      </div>
    </li>
  );
}

function CommentSkeletons() {
  return (
    <BoneList
      label="Loading comments"
      count={3}
      className="animate-pulse"
      row={{
        className: 'gap-3 px-4 py-3',
        media: 'size-8 shrink-0 rounded-full',
        bars: ['h-3 w-1/3', 'h-3 w-3/4'],
        barsClassName: 'pt-1',
      }}
    />
  );
}
