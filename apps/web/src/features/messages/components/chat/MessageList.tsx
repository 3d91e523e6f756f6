import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Avatar } from '../../../../components/Avatar';
import { Button } from '../../../../components/Button';
import { MessageSquareIcon } from '../../../../components/icons';
import { cn } from '../../../../lib/cn';
import { chatText } from '../../api/chat-api';
import {
  groupMessages,
  isTemporary,
  messageTime,
  type ChatMessage,
  type ChatRun,
} from './chat-timeline';
import { RichText } from '../../../../components/RichText';

/** Within this many pixels of the top, the older page loads. */
const OLDER_THRESHOLD_PX = 80;

/**
 * The messages (§2): day separators, runs of one sender with the avatar on the run's last
 * message, own messages on the right. New messages scroll smoothly into view; an older page
 * loads when the person scrolls to the top and keeps what they were reading in place.
 */
export function MessageList({
  messages,
  currentUserId,
  isLoading,
  hasOlder,
  olderStatus,
  change,
  onLoadOlder,
}: {
  messages: ChatMessage[];
  currentUserId: string;
  isLoading: boolean;
  hasOlder: boolean;
  olderStatus: 'idle' | 'loading' | 'error';
  change: { kind: 'newest' | 'older'; seq: number };
  onLoadOlder: () => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const beforeOlder = useRef<{ height: number; top: number } | null>(null);
  const days = useMemo(() => groupMessages(messages, currentUserId), [messages, currentUserId]);

  const loadOlder = () => {
    const el = scrollRef.current;
    if (el) beforeOlder.current = { height: el.scrollHeight, top: el.scrollTop };
    onLoadOlder();
  };

  // Older messages above: keep the reader's place.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const before = beforeOlder.current;
    if (change.kind !== 'older' || !el || !before) return;
    el.scrollTop = el.scrollHeight - before.height + before.top;
    beforeOlder.current = null;
  }, [change]);

  // Newer messages below: glide to the newest. The first page jumps there at once, so that
  // passing the top on the way down does not load an older page nobody asked for.
  const hasPositioned = useRef(false);
  useEffect(() => {
    if (change.kind !== 'newest' || change.seq === 0 || isLoading) return;
    endRef.current?.scrollIntoView?.({
      behavior: hasPositioned.current ? 'smooth' : 'instant',
      block: 'end',
    });
    hasPositioned.current = true;
  }, [change, isLoading]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el || !hasPositioned.current || !hasOlder || olderStatus !== 'idle') return;
    if (el.scrollTop <= OLDER_THRESHOLD_PX) loadOlder();
  };

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      role="log"
      aria-label="Messages"
      className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5"
    >
      {isLoading ? (
        <LoadingMessages />
      ) : messages.length === 0 ? (
        <div className="flex h-full flex-col items-center justify-center gap-2 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-text">
            <MessageSquareIcon size={24} />
          </span>
          <p className="font-semibold text-fg">{chatText.empty}</p>
          <p className="text-sm text-fg-muted">{chatText.emptyHint}</p>
        </div>
      ) : (
        <>
          {hasOlder || olderStatus === 'error' ? (
            <div className="mb-3 flex flex-col items-center gap-1">
              {olderStatus === 'error' ? (
                <p role="alert" className="text-sm text-danger">
                  {chatText.olderFailed}
                </p>
              ) : null}
              <Button
                variant="ghost"
                size="sm"
                onClick={loadOlder}
                disabled={olderStatus === 'loading'}
              >
                {olderStatus === 'loading' ? chatText.loadingOlder : chatText.loadOlder}
              </Button>
            </div>
          ) : null}
          {days.map((day) => (
            <section key={day.key} aria-label={day.label} className="flex flex-col gap-3">
              <div className="my-2 flex items-center gap-3" role="separator" aria-label={day.label}>
                <span className="h-px flex-1 bg-border" aria-hidden="true" />
                <span className="text-xs font-semibold text-fg-muted">{day.label}</span>
                <span className="h-px flex-1 bg-border" aria-hidden="true" />
              </div>
              {day.runs.map((run) => (
                <MessageRun key={run.key} run={run} />
              ))}
            </section>
          ))}
        </>
      )}
      <div ref={endRef} />
    </div>
  );
}

function MessageRun({ run }: { run: ChatRun }) {
  return (
    <ul className="flex flex-col gap-1">
      {run.messages.map((message, index) => {
        const isLast = index === run.messages.length - 1;
        return (
          <li
            key={message._id}
            data-testid="chat-message"
            data-own={run.isOwn ? 'true' : 'false'}
            className={cn('flex items-end gap-2', run.isOwn ? 'flex-row-reverse' : 'flex-row')}
          >
            {isLast ? (
              <Avatar src={message.sender.avatar} name={message.sender.username} size="md" />
            ) : (
              <span className="w-10 shrink-0" aria-hidden="true" />
            )}
            <div
              className={cn(
                'max-w-[75%] rounded-lg px-3 py-2 sm:max-w-[65%]',
                run.isOwn
                  ? 'rounded-br-sm bg-accent text-accent-fg'
                  : 'rounded-bl-sm bg-raised text-fg',
                isTemporary(message) && 'opacity-60',
              )}
            >
              <p className="text-sm break-words whitespace-pre-wrap">
                <RichText text={message.content} tone={run.isOwn ? 'inherit' : 'accent'} />
              </p>
              <p
                className={cn(
                  'mt-1 text-right text-[0.6875rem]',
                  // Full strength: faded, the time on the accent bubble fell below 4.5:1.
                  run.isOwn ? 'text-accent-fg' : 'text-fg-muted',
                )}
              >
                <time dateTime={message.createdAt}>{messageTime(message.createdAt)}</time>
                {isTemporary(message) ? <span className="sr-only"> (sending)</span> : null}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function LoadingMessages() {
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-center text-sm text-fg-muted">
        {chatText.loadingMessages}
      </p>
      <div aria-hidden="true" className="flex animate-pulse flex-col gap-3">
        {['w-2/5', 'ml-auto w-1/3', 'w-1/2', 'ml-auto w-2/5'].map((width) => (
          <div key={width} className={cn('h-10 rounded-lg bg-raised', width)} />
        ))}
      </div>
    </div>
  );
}
