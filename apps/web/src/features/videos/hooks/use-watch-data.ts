import type { Video } from '@kinora/contract';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef } from 'react';
import { useToast } from '../../../components/toast';
import { api } from '../../../lib/api';
import { announce } from '../../../lib/cache-events';
import {
  fetchCaptions,
  fetchRelatedCandidates,
  fetchVideo,
  isProcessing,
  pickRelated,
  PREPARING_POLL_MS,
  PROCESSING_POLL_MS,
  videoKeys,
} from '../api/videos-api';
import { playableSources } from '../player/original-playback';

/**
 * The video; checked again every few seconds while it is still processing, more often while
 * nothing of it plays here yet (its first rendition is being made).
 */
export function useVideo(id: string) {
  return useQuery({
    queryKey: videoKeys.detail(id),
    queryFn: ({ signal }) => fetchVideo(id, signal),
    refetchInterval: (query) => {
      const video = query.state.data;
      if (!video || !isProcessing(video)) return false;
      const { hlsUrl, fileUrl } = playableSources(video);
      return hlsUrl || fileUrl ? PROCESSING_POLL_MS : PREPARING_POLL_MS;
    },
  });
}

/** The video's captions for the player; none while they load or when they fail (logged). */
export function useCaptionTracks(videoId: string, enabled: boolean) {
  return useQuery({
    queryKey: videoKeys.captions(videoId),
    queryFn: ({ signal }) => logged('captions', () => fetchCaptions(videoId, signal)),
    enabled,
    retry: false,
  });
}

export function useRelatedVideos(watchingId: string) {
  return useQuery({
    queryKey: videoKeys.related(),
    queryFn: ({ signal }) => fetchRelatedCandidates(signal),
    select: (candidates) => pickRelated(candidates, watchingId),
  });
}

/**
 * Logs a failed load that the screen does not show (core §7: "only logged"). A load cancelled
 * because the page went away is not a failure.
 */
export function logged<T>(what: string, load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if ((error as { name?: unknown } | null)?.name !== 'AbortError') {
      console.error(`Failed to load ${what}`, error);
    }
    throw error;
  });
}

export const engagementText = {
  likeFailed: 'Could not update your like. Please try again.',
  subscribeFailed: 'Failed to subscribe/unsubscribe',
} as const;

/**
 * A status the viewer toggles (a like, a subscription): read once (a failed read is logged and
 * counts as none), then replaced by the toggle's answer. A status read still on its way was
 * asked before the toggle: it is cancelled, so its answer cannot land after the toggle's and
 * undo it on screen.
 */
function useToggledStatus<T>({
  queryKey,
  what,
  read,
  write,
  failure,
  onToggled,
}: {
  queryKey: QueryKey;
  /** Names the status in the log when reading it fails. */
  what: string;
  read: (signal: AbortSignal) => Promise<T>;
  write: () => Promise<T>;
  failure: string;
  onToggled?: () => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const status = useQuery({ queryKey, queryFn: ({ signal }) => logged(what, () => read(signal)) });
  const toggle = useMutation({
    mutationFn: write,
    onMutate: () => queryClient.cancelQueries({ queryKey }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, answer);
      onToggled?.();
    },
    onError: () => toast.error(failure),
  });
  return { status: status.data, toggle: () => toggle.mutate(), isToggling: toggle.isPending };
}

/** Like state and count of a video; toggling needs a signed-in user. */
export function useVideoLike(videoId: string, fallbackCount: number) {
  const { status, ...toggle } = useToggledStatus({
    queryKey: videoKeys.likeStatus(videoId),
    what: 'like status',
    read: (signal) => api('videoLikeStatus', { params: { id: videoId }, signal }),
    write: () => api('toggleVideoLike', { params: { id: videoId } }),
    failure: engagementText.likeFailed,
  });
  return {
    isLiked: status?.isLiked ?? false,
    likeCount: status?.likeCount ?? fallbackCount,
    ...toggle,
  };
}

/**
 * Whether the viewer subscribes to a channel, and its subscriber count. A failed status
 * counts as not subscribed (core §7).
 */
export function useSubscription(channelId: string, fallbackCount: number) {
  const { status, ...toggle } = useToggledStatus({
    queryKey: videoKeys.subscription(channelId),
    what: 'subscription status',
    read: (signal) => api('subscriptionStatus', { params: { channelId }, signal }),
    write: () => api('toggleSubscription', { params: { channelId } }),
    failure: engagementText.subscribeFailed,
    // Channel statistics elsewhere (channel page, its figures) are out of date now.
    onToggled: () => announce({ type: 'subscription-toggled', channelId, from: 'videos' }),
  });
  return {
    isSubscribed: status?.isSubscribed ?? false,
    subscriberCount: status?.subscriberCount ?? fallbackCount,
    ...toggle,
  };
}

/**
 * Counts the view once per visit of a video, when playback first starts (core §4); the shown
 * count goes up by one when the server counted it.
 */
export function useRecordView(videoId: string): () => void {
  const queryClient = useQueryClient();
  const countedFor = useRef<string | null>(null);
  const record = useMutation({
    mutationFn: (id: string) => api('recordView', { params: { id } }),
    onSuccess: (answer, id) => {
      if (!answer.counted) return;
      queryClient.setQueryData<Video>(videoKeys.detail(id), (video) =>
        video ? { ...video, views: video.views + 1 } : video,
      );
    },
    onError: (error) => console.error('Failed to record the view', error),
  });
  return () => {
    if (countedFor.current === videoId) return;
    countedFor.current = videoId;
    record.mutate(videoId);
  };
}
