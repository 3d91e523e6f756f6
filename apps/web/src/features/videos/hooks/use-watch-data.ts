import type { Video } from '@kinora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Like state and count of a video; toggling needs a signed-in user. */
export function useVideoLike(videoId: string, fallbackCount: number) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const status = useQuery({
    queryKey: videoKeys.likeStatus(videoId),
    queryFn: ({ signal }) =>
      logged('like status', () => api('videoLikeStatus', { params: { id: videoId }, signal })),
  });
  const toggle = useMutation({
    mutationFn: () => api('toggleVideoLike', { params: { id: videoId } }),
    // A status read still on its way was asked before the toggle: its answer must not land
    // after the toggle's and undo it on screen.
    onMutate: () => queryClient.cancelQueries({ queryKey: videoKeys.likeStatus(videoId) }),
    onSuccess: (answer) => queryClient.setQueryData(videoKeys.likeStatus(videoId), answer),
    onError: () => toast.error(engagementText.likeFailed),
  });
  return {
    isLiked: status.data?.isLiked ?? false,
    likeCount: status.data?.likeCount ?? fallbackCount,
    toggle: () => toggle.mutate(),
    isToggling: toggle.isPending,
  };
}

/**
 * Whether the viewer subscribes to a channel, and its subscriber count. A failed status
 * counts as not subscribed (core §7).
 */
export function useSubscription(channelId: string, fallbackCount: number) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const status = useQuery({
    queryKey: videoKeys.subscription(channelId),
    queryFn: ({ signal }) =>
      logged('subscription status', () =>
        api('subscriptionStatus', { params: { channelId }, signal }),
      ),
  });
  const toggle = useMutation({
    mutationFn: () => api('toggleSubscription', { params: { channelId } }),
    // As for likes: an older status answer must not land after the toggle's.
    onMutate: () => queryClient.cancelQueries({ queryKey: videoKeys.subscription(channelId) }),
    onSuccess: (answer) => {
      queryClient.setQueryData(videoKeys.subscription(channelId), answer);
      // Channel statistics elsewhere (channel page, its figures) are out of date now.
      announce({ type: 'subscription-toggled', channelId, from: 'videos' });
    },
    onError: () => toast.error(engagementText.subscribeFailed),
  });
  return {
    isSubscribed: status.data?.isSubscribed ?? false,
    subscriberCount: status.data?.subscriberCount ?? fallbackCount,
    toggle: () => toggle.mutate(),
    isToggling: toggle.isPending,
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
