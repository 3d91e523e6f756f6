import type { LikedVideo } from '@kinora/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { fetchLikedPage, LIKED_PAGE_SIZE, likedKeys } from '../api/liked-api';

/** The user's liked videos, most recent first, a page at a time (keyset-paged by cursor). */
export function useLikedVideos(userId: string) {
  return useInfiniteQuery({
    queryKey: likedKeys.list(userId),
    queryFn: ({ pageParam, signal }) => fetchLikedPage(userId, pageParam, LIKED_PAGE_SIZE, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.length < LIKED_PAGE_SIZE ? undefined : last[last.length - 1]?.cursor,
  });
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
