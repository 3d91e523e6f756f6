import { useQuery } from '@tanstack/react-query';
import { WatchedBar, watchedProgress } from '../../../components/WatchedBar';
import { useSession } from '../../../lib/auth';
import { watchPositionQuery } from '../api/history-api';

/**
 * The bar of the part watched on a video card, for the signed-in person: their saved position
 * over the video's length. Visitors, unwatched videos and a failed read show nothing.
 */
export function WatchedPart({
  videoId,
  durationSeconds,
}: {
  videoId: string;
  durationSeconds: number;
}) {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.user._id : '';
  const position = useQuery({
    ...watchPositionQuery(userId, videoId),
    enabled: userId !== '' && durationSeconds > 0,
    retry: false,
    // Read again when a grid comes back (after watching), the whole grid in one call.
    staleTime: 5_000,
  });
  if (!position.data) return null;
  return <WatchedBar progress={watchedProgress(position.data.positionSeconds, durationSeconds)} />;
}
