import type { Video } from '@kinora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { announce } from '../../../lib/cache-events';
import { myStatsQuery } from '../../../lib/my-stats';
import {
  deleteVideo,
  myVideosKeys,
  myVideosQueries,
  setVisibility,
  updateVideo,
  type EditVideoInput,
} from '../api/my-videos-api';

/** The owner's videos; read again every few seconds while one is still being processed. */
export function useMyVideos(userId: string) {
  return useQuery(myVideosQueries.ofUser(userId));
}

/** Puts the server's answer for one video in place in the cached list. */
function useReplaceInList(userId: string) {
  const queryClient = useQueryClient();
  return (video: Video) => {
    queryClient.setQueryData<Video[]>(myVideosKeys.ofUser(userId), (list) =>
      list?.map((v) => (v._id === video._id ? video : v)),
    );
    // Other lists (home, channel, dashboard) show the video too; read them afresh.
    announce({ type: 'videos-changed', from: 'my-videos' });
  };
}

export function useSetVisibility(userId: string) {
  const replace = useReplaceInList(userId);
  return useMutation({ mutationFn: setVisibility, onSuccess: replace });
}

export function useUpdateVideo(userId: string) {
  const replace = useReplaceInList(userId);
  return useMutation({
    mutationFn: ({
      videoId,
      input,
      onThumbnailProgress,
    }: {
      videoId: string;
      input: EditVideoInput;
      onThumbnailProgress?: (percent: number) => void;
    }) => updateVideo(videoId, input, onThumbnailProgress),
    onSuccess: replace,
  });
}

export function useDeleteVideo(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_data, videoId) => {
      queryClient.setQueryData<Video[]>(myVideosKeys.ofUser(userId), (list) =>
        list?.filter((v) => v._id !== videoId),
      );
      announce({ type: 'videos-changed', from: 'my-videos' });
      // The profile's and dashboard's figures count it no more.
      void queryClient.invalidateQueries({ queryKey: myStatsQuery().queryKey });
    },
  });
}
