import { useNavigate } from 'react-router';
import { thumbnailActionClass } from '../../../components/VideoCard';
import { CheckIcon } from '../../../components/icons';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { useToggleWatchLater, useWatchLater } from '../hooks/use-playlists';
import { saveText } from './SaveToPlaylistMenu';
import { ClockIcon } from '../icons';

/**
 * The one-click "Save to Watch later" over a video card's thumbnail (as on YouTube): a clock,
 * or a tick once the video is in Watch later; a click saves it or takes it out, with a toast.
 * Visitors see it too and are sent to sign in, where the save would be kept.
 */
export function WatchLaterCardButton({ videoId, title }: { videoId: string; title: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const userId = session.status === 'signedIn' ? session.user._id : null;
  const watchLater = useWatchLater(userId);
  const toggle = useToggleWatchLater(userId ?? undefined);
  const isSaved = watchLater.data?.videoIds.has(videoId) ?? false;

  const onClick = () => {
    if (userId === null) {
      void navigate('/login');
      return;
    }
    toggle.mutate(videoId, {
      onSuccess: (result) =>
        toast.success(result.isSaved ? saveText.savedToWatchLater : saveText.removedFromWatchLater),
      onError: (error) => toast.error(messageOf(error, saveText.watchLaterFailed)),
    });
  };

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={toggle.isPending || session.status === 'loading'}
      aria-label={`Save ${title} to Watch later`}
      aria-pressed={userId === null ? undefined : isSaved}
      title={isSaved ? saveText.savedToWatchLater : saveText.watchLater}
      className={cn(thumbnailActionClass, 'max-sm:opacity-100 disabled:cursor-wait')}
    >
      {isSaved ? <CheckIcon size={16} /> : <ClockIcon size={16} />}
    </button>
  );
}
