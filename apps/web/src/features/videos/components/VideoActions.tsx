import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/Button';
import { ShareIcon, ThumbsUpIcon } from '../../../components/icons';
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
} as const;

const pillClass = (extra?: string | false) =>
  buttonClass({ variant: 'secondary', className: cn('rounded-full', extra) });

/**
 * Like (with count), Share and Save, under the title of the watch page. Save belongs to the
 * playlists feature; the page that composes both passes it in as `saveControl`.
 */
export function VideoActions({
  videoId,
  likes,
  isSignedIn,
  saveControl,
}: {
  videoId: string;
  likes: number;
  isSignedIn: boolean;
  saveControl?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <LikeButton videoId={videoId} fallbackCount={likes} isSignedIn={isSignedIn} />
      <ShareButton videoId={videoId} />
      {saveControl}
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
