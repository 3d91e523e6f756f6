import type { LikedVideo } from '@kinora/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
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
    onSuccess: (_, videoId) => {
      queryClient.setQueryData<InfiniteData<LikedVideo[], string | undefined>>(
        likedKeys.list(userId),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => page.filter((video) => video._id !== videoId)),
          },
      );
      void queryClient.invalidateQueries({
        queryKey: likedKeys.all,
        predicate: (q) => q.queryKey[1] !== 'list',
      });
    },
  });
}
