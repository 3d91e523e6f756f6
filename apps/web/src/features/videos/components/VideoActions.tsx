import { useEffect, useRef, useState, type ReactNode } from 'react';
import { buttonClass, IconButton } from '../../../components/Button';
import { CloseIcon, ShareIcon, ThumbsUpIcon } from '../../../components/icons';
import { useToast } from '../../../components/toast';
import { copyText } from '../../../lib/clipboard';
import { cn } from '../../../lib/cn';
import { formatCount, formatDuration } from '../../../lib/format';
import { embedCode, shareUrl } from '../../../lib/share-links';
import { useVideoLike } from '../hooks/use-watch-data';

export const actionText = {
  copied: 'Video URL copied to clipboard!',
  copyFailed: 'Failed to copy video link',
  embedCopied: 'Embed code copied to clipboard!',
  embedCopyFailed: 'Failed to copy embed code',
  signInToLike: 'Sign in to like this video',
} as const;

const pillClass = (extra?: string | false) =>
  buttonClass({ variant: 'secondary', className: cn('rounded-full', extra) });

/**
 * Like (with count), Share and Save, under the title of the watch page. Save belongs to the
 * playlists feature; the page that composes both passes it in as `saveControl`.
 */
export function VideoActions({
  videoId,
  title,
  likes,
  isSignedIn,
  saveControl,
  reportControl,
  currentTime = () => 0,
}: {
  videoId: string;
  title: string;
  likes: number;
  isSignedIn: boolean;
  saveControl?: ReactNode;
  /** The report menu (moderation), last. */
  reportControl?: ReactNode;
  /** Where the player is now, for a link that starts there. */
  currentTime?: () => number;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <LikeButton videoId={videoId} fallbackCount={likes} isSignedIn={isSignedIn} />
      <ShareButton videoId={videoId} title={title} currentTime={currentTime} />
      {saveControl}
      {reportControl}
    </div>
  );
}

function LikeButton({
  videoId,
  fallbackCount,
  isSignedIn,
}: {
  videoId: string;
  fallbackCount: number;
  isSignedIn: boolean;
}) {
  const like = useVideoLike(videoId, fallbackCount);
  return (
    <button
      type="button"
      aria-pressed={like.isLiked}
      // Visitors see the count; their clicks are ignored (core §5).
      aria-disabled={!isSignedIn || undefined}
      title={isSignedIn ? undefined : actionText.signInToLike}
      disabled={like.isToggling}
      onClick={() => {
        if (isSignedIn) like.toggle();
      }}
      className={pillClass(
        like.isLiked
          ? 'border-accent/40 bg-accent-soft text-accent-text hover:bg-accent-soft'
          : !isSignedIn && 'cursor-default hover:bg-surface',
      )}
    >
      <ThumbsUpIcon size={18} className={like.isLiked ? 'fill-current' : undefined} />
      {like.isLiked ? 'Liked' : 'Like'}{' '}
      <span className="tabular-nums">{formatCount(like.likeCount)}</span>
    </button>
  );
}

/**
 * Share (core §2.8): a click copies the video's link, as the spec says, and opens the sharing
 * options beside it: the link to copy again, starting where the player is now if asked, and
 * the code that puts the player in another site's page.
 */
function ShareButton({
  videoId,
  title,
  currentTime,
}: {
  videoId: string;
  title: string;
  currentTime: () => number;
}) {
  const toast = useToast();
  const [options, setOptions] = useState<{ at: number } | null>(null);
  const copy = async (text: string, done: string, failed: string) => {
    // Watch page toasts stay 3 s (core §2.8, §4).
    if (await copyText(text)) toast.success(done);
    else toast.error(failed);
  };
  const share = async () => {
    setOptions({ at: Math.floor(currentTime()) });
    await copy(shareUrl('video', videoId), actionText.copied, actionText.copyFailed);
  };
  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={options !== null}
        onClick={() => void share()}
        className={pillClass()}
      >
        <ShareIcon size={18} />
        Share
      </button>
      {options ? (
        <ShareOptions
          videoId={videoId}
          title={title}
          at={options.at}
          onCopy={copy}
          onClose={() => setOptions(null)}
        />
      ) : null}
    </div>
  );
}

function ShareOptions({
  videoId,
  title,
  at,
  onCopy,
  onClose,
}: {
  videoId: string;
  title: string;
  at: number;
  onCopy: (text: string, done: string, failed: string) => Promise<void>;
  onClose: () => void;
}) {
  const [startsAt, setStartsAt] = useState(false);
  const start = startsAt ? at : undefined;
  const link = shareUrl('video', videoId, undefined, start);
  const code = embedCode({ id: videoId, title }, undefined, start);
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const panel = panelRef.current;
      if (panel && !panel.parentElement?.contains(event.target as Node)) onCloseRef.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);
  const fieldClass =
    'w-full rounded-md border border-border bg-canvas px-2.5 py-1.5 text-sm text-fg focus-visible:outline-2 focus-visible:outline-focus';
  return (
    <div
      ref={panelRef}
      role="dialog"
      aria-label="Share options"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
      className="absolute top-full left-0 z-30 mt-2 flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-3 rounded-lg border border-border bg-surface p-3 shadow-pop"
    >
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold text-fg">Share</h2>
        <IconButton label="Close share options" onClick={onClose}>
          <CloseIcon size={18} />
        </IconButton>
      </div>
      <div className="flex gap-2">
        <input
          readOnly
          aria-label="Link to the video"
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className={fieldClass}
        />
        <button
          type="button"
          onClick={() => void onCopy(link, actionText.copied, actionText.copyFailed)}
          className={buttonClass({ variant: 'primary', className: 'shrink-0' })}
        >
          Copy
        </button>
      </div>
      <label className="flex items-center gap-2 text-sm text-fg">
        <input
          type="checkbox"
          checked={startsAt}
          disabled={at <= 0}
          onChange={(event) => setStartsAt(event.target.checked)}
          className="size-4 accent-accent"
        />
        Start at {formatDuration(at)}
      </label>
      <div className="flex flex-col gap-1.5">
        <label className="text-sm font-medium text-fg" htmlFor={`embed-${videoId}`}>
          Embed
        </label>
        <textarea
          id={`embed-${videoId}`}
          readOnly
          rows={3}
          value={code}
          onFocus={(event) => event.currentTarget.select()}
          className={cn(fieldClass, 'resize-none font-mono text-xs')}
        />
        <button
          type="button"
          onClick={() => void onCopy(code, actionText.embedCopied, actionText.embedCopyFailed)}
          className={buttonClass({ variant: 'secondary', className: 'self-start' })}
        >
          Copy embed code
        </button>
      </div>
    </div>
  );
}
