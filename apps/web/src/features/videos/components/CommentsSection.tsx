import type { CommentSort, CurrentUser } from '@kinora/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, PillToggle } from '../../../components/Button';
import { MessageSquareIcon } from '../../../components/icons';
import { formatCount } from '../../../lib/format';
import { useCommentActions, useComments } from '../hooks/use-comments';
import { BoneList } from '../../../components/Skeleton';
import { CommentComposer, CommentThread, mentionablesOf, type ThreadContext } from './CommentItem';
import type { Mentionable } from './MentionTextarea';

const sortLabels: Record<CommentSort, string> = { top: 'Top', newest: 'Newest' };

/**
 * Comments of a video (core §2.8): the count, a comment box for signed-in users (Post stays
 * disabled while the text is blank), and a list that scrolls at a fixed height, with
 * Like/Liked on each comment for signed-in users. Threads (issue 21 item 3): sort by Top or
 * Newest, replies under each top comment, the creator's pin and heart, @mention suggestions.
 */
export function CommentsSection({
  videoId,
  videoOwner,
  fallbackCount,
  viewer,
  onSeek,
}: {
  videoId: string;
  /** The video's creator, who pins and hearts. */
  videoOwner: Mentionable;
  fallbackCount: number;
  viewer: CurrentUser | null;
  /** Times written in a comment move the player there. */
  onSeek?: ((seconds: number) => void) | undefined;
}) {
  const headingId = useId();
  const [sort, setSort] = useState<CommentSort>('newest');
  const list = useComments(videoId, sort);
  const actions = useCommentActions(videoId);
  const count = list.totalCount ?? fallbackCount;
  const people = mentionablesOf(list.comments, videoOwner);
  const ctx: ThreadContext = {
    videoId,
    viewer: viewer
      ? {
          _id: viewer._id,
          username: viewer.username,
          fullname: viewer.fullname,
          avatar: viewer.avatar,
        }
      : null,
    creator: videoOwner,
    actions,
    onSeek,
    people,
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-fg">
          {formatCount(count)} {count === 1 ? 'Comment' : 'Comments'}
        </h2>
        <div role="group" aria-label="Sort comments by" className="flex gap-1">
          {(['top', 'newest'] as const).map((option) => (
            <PillToggle
              key={option}
              size="sm"
              isPressed={sort === option}
              onClick={() => setSort(option)}
            >
              {sortLabels[option]}
            </PillToggle>
          ))}
        </div>
      </div>

      {ctx.viewer ? (
        <CommentComposer
          viewer={ctx.viewer}
          people={people}
          label="Add a comment"
          placeholder="Add a comment…"
          submitLabel="Post"
          busyLabel="Posting…"
          isBusy={actions.isPosting}
          onSubmit={actions.post}
        />
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
                <CommentThread key={comment._id} comment={comment} ctx={ctx} />
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
