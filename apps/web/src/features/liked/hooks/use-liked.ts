import type { LikedVideo } from '@kinora/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { changeOwnList, withoutItem } from '../../../lib/own-list';
import { likedKeys, likedQueries } from '../api/liked-api';

/** The user's liked videos, most recent first, a page at a time (keyset-paged by cursor). */
export function useLikedVideos(userId: string) {
  return useInfiniteQuery(likedQueries.list(userId));
}

/** Unlike: the like toggle, then the entry leaves the list once the server agreed (spec §4). */
export function useUnlike(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (videoId: string) => api('toggleVideoLike', { params: { id: videoId } }),
    onSuccess: (_, videoId) =>
      changeOwnList(
        queryClient,
        { root: likedKeys.all, list: likedKeys.list(userId) },
        withoutItem<LikedVideo>(videoId),
      ),
  });
}
