import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  discoveryKeys,
  discoveryQueries,
  fetchBackendHealth,
  fetchSearchPage,
  SEARCH_PAGE_SIZE,
} from '../api/discovery-api';

export function useHomeVideos() {
  return useQuery(discoveryQueries.home());
}

export function useTrendingVideos() {
  return useQuery(discoveryQueries.trending());
}

/** Asked only while it matters (home's empty state); checked again every 15 s meanwhile. */
export function useBackendHealth(enabled: boolean) {
  return useQuery({
    queryKey: discoveryKeys.health(),
    queryFn: ({ signal }) => fetchBackendHealth(signal),
    enabled,
    refetchInterval: 15_000,
    staleTime: 0,
  });
}

/**
 * Search results. Page 1 asks for videos and channels together; each "Load more" asks for the
 * next page of videos only, so the channel list does not grow behind the reader's back.
 * A blank query is never sent (core §5).
 */
export function useSearchResults(query: string) {
  return useInfiniteQuery({
    queryKey: discoveryKeys.search(query),
    queryFn: ({ pageParam, signal }) =>
      fetchSearchPage({
        query,
        page: pageParam,
        type: pageParam === 1 ? 'all' : 'videos',
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const total = pages[0]?.totalVideos ?? 0;
      const loaded = pages.reduce((sum, page) => sum + page.videos.length, 0);
      // A short page means the server has no more, whatever the total said.
      const isShort = last.videos.length < SEARCH_PAGE_SIZE;
      return loaded < total && !isShort ? pages.length + 1 : undefined;
    },
    enabled: query !== '',
  });
}

/** Further channel pages (page 2 on), fetched only once the reader asks for more channels. */
export function useMoreSearchChannels(query: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: discoveryKeys.moreChannels(query),
    queryFn: ({ pageParam, signal }) =>
      fetchSearchPage({ query, page: pageParam, type: 'channels', signal }),
    initialPageParam: 2,
    getNextPageParam: (last, pages) => {
      const loaded = SEARCH_PAGE_SIZE + pages.reduce((sum, p) => sum + p.channels.length, 0);
      const isShort = last.channels.length < SEARCH_PAGE_SIZE;
      return loaded < last.totalChannels && !isShort ? pages.length + 2 : undefined;
    },
    enabled: query !== '' && enabled,
  });
}
