import { useEffect, useId, useRef, useState } from 'react';
import { buttonClass } from '../../../components/Button';
import { ListPlusIcon, PlaylistIcon, ShareIcon, ThumbsUpIcon } from '../../../components/icons';
import { useToast } from '../../../components/toast';
import { copyText } from '../../../lib/clipboard';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { shareUrl } from '../../../lib/share-links';
import { useVideoLike } from '../hooks/use-watch-data';

export const actionText = {
  copied: 'Video URL copied to clipboard!',
  copyFailed: 'Failed to copy video link',
  signInToLike: 'Sign in to like this video',
  playlistSignIn: 'Please login to save videos to playlists',
  playlistsUnavailable: 'Playlists are not available yet.',
  playlistsComingSoon: 'Playlists are coming soon',
} as const;

/** Below this much room under the button, the playlist list opens upward (core §2.8). */
export const DROPDOWN_FLIP_SPACE_PX = 350;

const pillClass = (extra?: string | false) =>
  buttonClass({ variant: 'secondary', className: cn('rounded-full', extra) });

/** Like (with count), Share and Save, under the title of the watch page. */
export function VideoActions({
  videoId,
  likes,
  isSignedIn,
}: {
  videoId: string;
  likes: number;
  isSignedIn: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <LikeButton videoId={videoId} fallbackCount={likes} isSignedIn={isSignedIn} />
      <ShareButton videoId={videoId} />
      <SaveToPlaylistButton isSignedIn={isSignedIn} />
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

function ShareButton({ videoId }: { videoId: string }) {
  const toast = useToast();
  const share = async () => {
    // Watch page toasts stay 3 s (core §2.8, §4).
    if (await copyText(shareUrl('video', videoId))) toast.success(actionText.copied);
    else toast.error(actionText.copyFailed);
  };
  return (
    <button type="button" onClick={() => void share()} className={pillClass()}>
      <ShareIcon size={18} />
      Share
    </button>
  );
}

/**
 * Save to playlist: visitors get the spec's alert. For signed-in users a dropdown that will
 * list their playlists; the server has no playlists yet, so it says so plainly. The dropdown
 * opens upward near the bottom of the window and closes with Escape or a click elsewhere.
 */
function SaveToPlaylistButton({ isSignedIn }: { isSignedIn: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const [opensUp, setOpensUp] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen]);

  const toggle = () => {
    if (!isSignedIn) {
      window.alert(actionText.playlistSignIn);
      return;
    }
    if (!isOpen && buttonRef.current) {
      const spaceBelow = window.innerHeight - buttonRef.current.getBoundingClientRect().bottom;
      setOpensUp(spaceBelow < DROPDOWN_FLIP_SPACE_PX);
    }
    setIsOpen((open) => !open);
  };

  return (
    <div ref={wrapperRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isSignedIn ? isOpen : undefined}
        aria-controls={isOpen ? panelId : undefined}
        onClick={toggle}
        className={pillClass()}
      >
        <ListPlusIcon size={18} />
        Save
      </button>
      {isOpen ? (
        <div
          id={panelId}
          role="dialog"
          aria-label="Save to playlist"
          data-placement={opensUp ? 'top' : 'bottom'}
          className={cn(
            'absolute right-0 z-20 w-64 rounded-lg border border-border bg-surface p-3 shadow-pop sm:left-0 sm:right-auto',
            opensUp ? 'bottom-full mb-2' : 'top-full mt-2',
          )}
        >
          <p className="text-sm font-semibold text-fg">Save to…</p>
          <div
            data-testid="playlist-list"
            className="mt-2 max-h-32 overflow-y-auto rounded-md bg-canvas px-3 py-4 text-center"
          >
            <PlaylistIcon className="mx-auto text-fg-muted" />
            <p className="mt-1 text-sm text-fg-muted">{actionText.playlistsUnavailable}</p>
          </div>
          <button
            type="button"
            disabled
            title={actionText.playlistsComingSoon}
            className={buttonClass({
              variant: 'ghost',
              size: 'sm',
              className: 'mt-2 w-full justify-start',
            })}
          >
            <ListPlusIcon size={16} />
            Create new playlist
          </button>
        </div>
      ) : null}
    </div>
  );
}
