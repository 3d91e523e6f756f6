import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api';
import { videoKeys } from '../api/videos-api';

/** A position this close to the start or the end is not worth offering. */
const RESUME_MARGIN_SECONDS = 5;

/**
 * Where the signed-in viewer stopped in this video (however long ago they watched it), if worth
 * resuming, and the function the player calls to keep the position (not a view; the server
 * keeps nothing while history is paused). Visitors get neither.
 */
export function useWatchPosition(videoId: string, duration: number, isSignedIn: boolean) {
  const saved = useQuery({
    queryKey: videoKeys.resumePosition(videoId),
    queryFn: async ({ signal }) => {
      // The per-video read of the history: the cards' batched call, with this one id.
      const positions = await api('watchPositions', { query: { videoIds: videoId }, signal });
      return positions.find((p) => p.videoId === videoId)?.positionSeconds ?? null;
    },
    enabled: isSignedIn,
    // Read once per visit: the positions saved during this visit must not turn into offers.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  const position = saved.data ?? null;
  const resumeAt =
    position !== null &&
    position >= RESUME_MARGIN_SECONDS &&
    (duration <= 0 || position <= duration - RESUME_MARGIN_SECONDS)
      ? position
      : null;

  const savePosition = useCallback(
    (seconds: number) => {
      if (!isSignedIn) return;
      api('saveWatchPosition', {
        params: { videoId },
        body: { positionSeconds: seconds },
      }).catch((error: unknown) => console.warn('Failed to keep the playback position', error));
    },
    [videoId, isSignedIn],
  );

  return { resumeAt, savePosition };
}
