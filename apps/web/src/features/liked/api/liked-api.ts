import type { LikedVideo } from '@kinora/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The spec's words for the liked page (signed-in-areas §2, §4, §8). */
export const likedText = {
  loading: 'Loading liked videos',
  signedOutMessage: 'Sign in to keep the videos you like in one place.',
  signedOutTitle: 'Your Favorites Await',
  heading: 'Liked Videos',
  empty: 'No liked videos yet',
  search: 'Search liked videos',
  list: 'Liked videos',
  emptyDescription: 'Tap Like under a video to keep it here.',
  noMatch: 'No videos found',
  loadFailed: 'Failed to load liked videos',
  unlikeFailed: 'Failed to remove like',
} as const;

export const LIKED_PAGE_SIZE = 50;

export const likedKeys = {
  all: ['liked'] as const,
  list: (userId: string) => ['liked', 'list', userId] as const,
};

export function fetchLikedPage(
  userId: string,
  cursor: string | undefined,
  limit = LIKED_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<LikedVideo[]> {
  return api('likedVideos', {
    params: { userId },
    query: cursor ? { cursor, limit } : { limit },
    signal,
  });
}

/** The library's view of the liked list: its first `limit` entries. */
export const recentLikedQuery = (userId: string, limit: number) => ({
  queryKey: ['liked', 'recent', userId, limit] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    fetchLikedPage(userId, undefined, limit, signal),
});

/** The query options of the liked list, for its hooks and for pages that compose it. */
export const likedQueries = {
  /** The user's liked videos, most recent first, a page at a time (keyset-paged by cursor). */
  list: (userId: string) =>
    infiniteQueryOptions({
      queryKey: likedKeys.list(userId),
      queryFn: ({ pageParam, signal }) =>
        fetchLikedPage(userId, pageParam, LIKED_PAGE_SIZE, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: LikedVideo[]) =>
        last.length < LIKED_PAGE_SIZE ? undefined : last[last.length - 1]?.cursor,
    }),
};
