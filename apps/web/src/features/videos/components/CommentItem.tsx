import type { Comment } from '@kinora/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Avatar, AvatarLink } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { RichText } from '../../../components/RichText';
import { PencilIcon, ThumbsUpIcon, TrashIcon } from '../../../components/icons';
import { cn } from '../../../lib/cn';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { channelPathOf } from '../../../lib/paths';
import { HeldReview, ReportAction } from '../../../components/moderation-extras';
import { ModerationNotice } from '../../../components/ModerationNotice';
import { useReplies, type CommentActions } from '../hooks/use-comments';
import { HeartIcon, PinIcon } from '../icons';
import { MentionTextarea, type Mentionable } from './MentionTextarea';

/** Who is looking and whose video it is: what each comment's controls depend on. */
export interface ThreadContext {
  videoId: string;
  viewer: Mentionable | null;
  /** The video's creator: pins, hearts, and is offered in every @mention list. */
  creator: Mentionable;
  actions: CommentActions;
  onSeek?: ((seconds: number) => void) | undefined;
  /** People of the list already shown (the thread adds its own). */
  people: Mentionable[];
}

const smallAction =
  'inline-flex h-8 items-center gap-1.5 rounded-full px-2.5 text-xs font-medium text-fg-muted transition-colors hover:bg-raised disabled:opacity-60';

const plural = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** The people of a list, each once, the creator always among them. */
export function mentionablesOf(comments: Comment[], creator: Mentionable): Mentionable[] {
  const byId = new Map<string, Mentionable>([[creator._id, creator]]);
  for (const c of comments) if (c.ownerDetails) byId.set(c.owner, c.ownerDetails);
  return [...byId.values()];
}

/**
 * A top comment with its thread (issue 21 item 3): 'View N replies' opens the replies, oldest
 * first, paged; a reply to a reply is posted to that reply (the server adds the @name and tells
 * the person) and shows in this thread.
 */
export function CommentThread({ comment, ctx }: { comment: Comment; ctx: ThreadContext }) {
  // A notification of a reply links here with `?thread=` so the reply is shown.
  const [searchParams] = useSearchParams();
  const isLinked = searchParams.get('thread') === comment._id;
  const [isOpen, setIsOpen] = useState(isLinked);
  useEffect(() => {
    if (isLinked) setIsOpen(true);
  }, [isLinked]);
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const thread = useReplies(ctx.videoId, comment._id, isOpen);
  const count = comment.repliesCount ?? 0;
  const threadId = useId();
  const people = mentionablesOf([comment, ...thread.replies], ctx.creator).concat(
    ctx.people.filter((p) => p._id !== comment.owner),
  );
  const repliesPeople = [...new Map(people.map((p) => [p._id, p])).values()].filter(
    (p) => p._id !== ctx.viewer?._id,
  );

  return (
    <li className="px-3 py-3 sm:px-4">
      <CommentBody comment={comment} ctx={ctx} onReply={() => setReplyTo(comment)} />
      <div className="pl-11">
        {replyTo ? (
          <ReplyForm
            key={replyTo._id}
            to={replyTo}
            ctx={ctx}
            people={repliesPeople}
            onDone={(posted) => {
              setReplyTo(null);
              if (posted) setIsOpen(true);
            }}
          />
        ) : null}
        {count > 0 ? (
          <button
            type="button"
            aria-expanded={isOpen}
            aria-controls={threadId}
            onClick={() => setIsOpen(!isOpen)}
            className="mt-1 inline-flex h-8 items-center rounded-full px-2.5 text-sm font-semibold text-accent-text hover:bg-accent-soft"
          >
            {isOpen ? 'Hide replies' : `View ${plural(count, 'reply', 'replies')}`}
          </button>
        ) : null}
        {isOpen ? (
          <div id={threadId}>
            {thread.isPending ? (
              <p className="px-2.5 py-2 text-sm text-fg-muted">Loading replies…</p>
            ) : thread.isError ? (
              <p className="flex items-center gap-2 px-2.5 py-2 text-sm text-fg-muted">
                Replies could not be loaded.
                <Button variant="secondary" size="sm" onClick={thread.retry}>
                  Try Again
                </Button>
              </p>
            ) : (
              <ul aria-label={`Replies to @${comment.ownerDetails?.username ?? 'comment'}`}>
                {thread.replies.map((reply) => (
                  <li key={reply._id} className="py-2">
                    <CommentBody comment={reply} ctx={ctx} onReply={() => setReplyTo(reply)} />
                  </li>
                ))}
              </ul>
            )}
            {thread.hasMore ? (
              <button
                type="button"
                disabled={thread.isLoadingMore}
                onClick={thread.loadMore}
                className="inline-flex h-8 items-center rounded-full px-2.5 text-sm font-semibold text-accent-text hover:bg-accent-soft disabled:opacity-60"
              >
                {thread.isLoadingMore ? 'Loading…' : 'Show more replies'}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** One comment or reply: who and when, '(edited)', the words, and what the viewer may do. */
function CommentBody({
  comment,
  ctx,
  onReply,
}: {
  comment: Comment;
  ctx: ThreadContext;
  onReply: () => void;
}) {
  const { viewer, creator, actions } = ctx;
  const author = comment.ownerDetails;
  const authorName = author?.username ?? 'Unknown user';
  const isReply = Boolean(comment.parentId);
  const isCreator = viewer !== null && viewer._id === creator._id;
  const isAuthor = viewer !== null && viewer._id === comment.owner;
  const canDelete = isAuthor || isCreator;
  const [isEditing, setIsEditing] = useState(false);
  // A link to this comment (a notification's) scrolls to it and marks it.
  const isLinked = useLocation().hash === `#comment-${comment._id}`;
  const itemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (isLinked) itemRef.current?.scrollIntoView?.({ block: 'center' });
  }, [isLinked]);

  return (
    <div
      ref={itemRef}
      id={`comment-${comment._id}`}
      className={cn(
        'flex gap-3 rounded-md',
        actions.removingId === comment._id && 'opacity-60',
        isLinked && 'bg-accent-soft/60',
      )}
    >
      <AvatarLink
        to={channelPathOf(comment.owner)}
        src={author?.avatar}
        name={authorName}
        size="sm"
        className={isReply ? 'size-6 text-xs' : undefined}
      />
      <div className="min-w-0 flex-1">
        {comment.isPinned ? (
          <p className="mb-0.5 flex items-center gap-1 text-xs text-fg-muted">
            <PinIcon size={12} /> Pinned by @{creator.username}
          </p>
        ) : null}
        <p className="text-sm">
          <Link
            to={channelPathOf(comment.owner)}
            className={cn(
              'rounded-sm font-semibold hover:underline',
              comment.owner === creator._id ? 'rounded-full bg-raised px-1.5 text-fg' : 'text-fg',
            )}
          >
            @{authorName}
          </Link>
          <span className="text-fg-muted"> · {formatRelativeTime(comment.createdAt)}</span>
          {comment.isEdited ? <span className="text-fg-muted"> (edited)</span> : null}
        </p>
        {isEditing ? (
          <EditForm
            comment={comment}
            ctx={ctx}
            onDone={() => {
              setIsEditing(false);
            }}
          />
        ) : (
          <p className="mt-0.5 text-sm break-words whitespace-pre-line text-fg">
            <RichText text={comment.content} onSeek={ctx.onSeek} />
          </p>
        )}
        <ModerationNotice notice={comment.moderation} className="mt-1.5">
          {comment.moderation?.state === 'held' && isCreator && !isAuthor ? (
            <HeldReview targetKind="comment" targetId={comment._id} />
          ) : null}
        </ModerationNotice>
        <div className="mt-1.5 flex flex-wrap items-center gap-1">
          {viewer ? (
            <button
              type="button"
              aria-pressed={comment.isLiked}
              disabled={actions.likingId === comment._id}
              onClick={() => actions.toggleLike(comment._id)}
              className={cn(smallAction, comment.isLiked && 'text-accent-text')}
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
          {comment.isHearted && !isCreator ? <CreatorHeart creator={creator} /> : null}
          {isCreator ? (
            <button
              type="button"
              aria-label={comment.isHearted ? 'Remove creator heart' : 'Give creator heart'}
              title={comment.isHearted ? 'Remove creator heart' : 'Give creator heart'}
              disabled={actions.heartingId === comment._id}
              onClick={() => actions.heart(comment._id, !comment.isHearted)}
              className={cn(smallAction, 'px-1.5')}
            >
              {comment.isHearted ? <CreatorHeart creator={creator} /> : <HeartIcon size={15} />}
            </button>
          ) : null}
          {viewer ? (
            <button type="button" onClick={onReply} className={smallAction}>
              Reply
            </button>
          ) : null}
          {isAuthor && !isEditing ? (
            <button
              type="button"
              aria-label={`Edit comment by @${authorName}`}
              title="Edit comment"
              onClick={() => setIsEditing(true)}
              className={cn(smallAction, 'size-8 justify-center px-0')}
            >
              <PencilIcon size={15} />
            </button>
          ) : null}
          {isCreator && !isReply ? (
            <button
              type="button"
              disabled={actions.pinningId === comment._id}
              onClick={() => actions.pin(comment._id, !comment.isPinned)}
              className={smallAction}
            >
              <PinIcon size={15} />
              {comment.isPinned ? 'Unpin' : 'Pin'}
            </button>
          ) : null}
          {canDelete ? (
            <button
              type="button"
              aria-label={`Delete comment by @${authorName}`}
              title="Delete comment"
              disabled={actions.removingId === comment._id}
              onClick={() => {
                if (window.confirm('Delete this comment?')) actions.remove(comment);
              }}
              className={cn(smallAction, 'size-8 justify-center px-0 hover:text-danger')}
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
    </div>
  );
}

/** The creator heart, as YouTube draws it: the creator's picture with a small heart. */
function CreatorHeart({ creator }: { creator: Mentionable }) {
  return (
    <span
      role="img"
      aria-label={`creator heart from @${creator.username}`}
      title={`creator heart from @${creator.username}`}
      className="relative inline-flex size-7 items-center justify-center"
    >
      <Avatar src={creator.avatar} name={creator.username} size="sm" className="size-6 text-xs" />
      <HeartIcon size={12} className="absolute -right-0.5 -bottom-0.5 fill-current text-danger" />
    </span>
  );
}

/** A form of words: the comment box, a reply, or an edit in place. */
export function CommentComposer({
  viewer,
  people,
  label,
  placeholder,
  initialText = '',
  submitLabel,
  busyLabel,
  isBusy,
  autoFocus = false,
  onSubmit,
  onCancel,
}: {
  viewer: Mentionable;
  people: Mentionable[];
  label: string;
  placeholder: string;
  initialText?: string;
  submitLabel: string;
  busyLabel: string;
  isBusy: boolean;
  autoFocus?: boolean;
  /** Resolves true when it was saved: the box empties (or closes). */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initialText);
  const inputId = useId();
  const isBlank = text.trim() === '';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlank || isBusy) return;
    if (await onSubmit(text.trim())) setText('');
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex gap-3" aria-label={label}>
      <Avatar src={viewer.avatar} name={viewer.username} size="sm" className="mt-1" />
      <div className="flex min-w-0 flex-1 flex-col items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
        <MentionTextarea
          id={inputId}
          value={text}
          onChange={setText}
          people={people.filter((p) => p._id !== viewer._id)}
          placeholder={placeholder}
          autoFocus={autoFocus}
        />
        <div className="flex gap-2">
          {onCancel ? (
            <Button variant="ghost" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={isBlank || isBusy}>
            {isBusy ? busyLabel : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}

function ReplyForm({
  to,
  ctx,
  people,
  onDone,
}: {
  to: Comment;
  ctx: ThreadContext;
  people: Mentionable[];
  onDone: (posted: boolean) => void;
}) {
  if (!ctx.viewer) return null;
  const name = to.ownerDetails?.username;
  // Answering a reply names its author, as the server would.
  const start = to.parentId && name && to.owner !== ctx.viewer._id ? `@${name} ` : '';
  return (
    <div className="mt-2">
      <CommentComposer
        viewer={ctx.viewer}
        people={people}
        label={`Reply to @${name ?? 'comment'}`}
        placeholder="Add a reply…"
        initialText={start}
        submitLabel="Reply"
        busyLabel="Replying…"
        isBusy={ctx.actions.replyingTo === to._id}
        autoFocus
        onSubmit={async (text) => {
          const posted = await ctx.actions.reply(to._id, text);
          if (posted) onDone(true);
          return posted;
        }}
        onCancel={() => onDone(false)}
      />
    </div>
  );
}

function EditForm({
  comment,
  ctx,
  onDone,
}: {
  comment: Comment;
  ctx: ThreadContext;
  onDone: () => void;
}) {
  if (!ctx.viewer) return null;
  return (
    <div className="mt-2">
      <CommentComposer
        viewer={ctx.viewer}
        people={ctx.people}
        label="Edit comment"
        placeholder="Edit your comment…"
        initialText={comment.content}
        submitLabel="Save"
        busyLabel="Saving…"
        isBusy={ctx.actions.editingId === comment._id}
        autoFocus
        onSubmit={async (text) => {
          const saved = await ctx.actions.edit(comment._id, text);
          if (saved) onDone();
          return saved;
        }}
        onCancel={onDone}
      />
    </div>
  );
}
