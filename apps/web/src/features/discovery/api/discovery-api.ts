import type { SearchResult, Video } from '@kinora/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api';

/** Discovery constants (core §7 "Call parameters per screen", §9). */
export const HOME_FETCH_LIMIT = 100;
export const HOME_PAGE_SIZE = 9;
export const TRENDING_LIMIT = 12;
export const SEARCH_PAGE_SIZE = 12;

/** Cache keys of the discovery screens. */
export const discoveryKeys = {
  /** The feeds of videos (home, trending): a video changed elsewhere changes them. */
  videoLists: ['discovery', 'videos'] as const,
  home: () => ['discovery', 'videos', { feed: 'home', limit: HOME_FETCH_LIMIT }] as const,
  trending: () => ['discovery', 'videos', { feed: 'trending', limit: TRENDING_LIMIT }] as const,
  search: (query: string) => ['discovery', 'search', query, 'all'] as const,
  moreChannels: (query: string) => ['discovery', 'search', query, 'channels'] as const,
  health: () => ['discovery', 'healthcheck'] as const,
};

export const discoveryText = {
  homeError: 'Failed to fetch videos. Check if backend is running.',
  trendingError: 'Failed to fetch trending videos',
  searchError: 'Failed to fetch search results',
  connectionError: 'Connection Error',
} as const;

const timeOf = (video: Pick<Video, 'createdAt'>) => {
  const time = new Date(video.createdAt).getTime();
  return Number.isNaN(time) ? -Infinity : time;
};

/** Newest first; videos without a readable date go last, in the order they came. */
export function newestFirst<T extends Pick<Video, 'createdAt'>>(videos: readonly T[]): T[] {
  return [...videos].sort((a, b) => timeOf(b) - timeOf(a));
}

/**
 * The home feed: the 100 most viewed videos, shown newest first (core §7 "Home"): the server
 * picks what is worth showing, the client orders it by freshness.
 */
export async function fetchHomeVideos(signal?: AbortSignal): Promise<Video[]> {
  const page = await api('listVideos', {
    query: { page: 1, limit: HOME_FETCH_LIMIT, sortBy: 'views', sortType: 'desc' },
    signal,
  });
  return newestFirst(page?.videos ?? []);
}

/**
 * Trending: the server's windowed order (most views of the last 7 days). A server that does
 * not know that order answers 400; then all-time views, the spec's own order, stand in.
 */
export async function fetchTrendingVideos(signal?: AbortSignal): Promise<Video[]> {
  const list = (sortBy: 'trending' | 'views') =>
    api('listVideos', {
      query: { page: 1, limit: TRENDING_LIMIT, sortBy, sortType: 'desc' },
      signal,
    });
  try {
    return (await list('trending'))?.videos ?? [];
  } catch (error) {
    if (!isApiError(error) || error.status !== 400) throw error;
    return (await list('views'))?.videos ?? [];
  }
}

export type SearchType = 'all' | 'videos' | 'channels';

export async function fetchSearchPage(options: {
  query: string;
  page: number;
  type: SearchType;
  signal?: AbortSignal;
}): Promise<SearchResult> {
  const result = await api('search', {
    query: {
      query: options.query,
      page: options.page,
      limit: SEARCH_PAGE_SIZE,
      type: options.type,
    },
    signal: options.signal,
  });
  return {
    ...result,
    videos: result?.videos ?? [],
    channels: result?.channels ?? [],
    totalVideos: result?.totalVideos ?? 0,
    totalChannels: result?.totalChannels ?? 0,
  };
}

/** Whether the backend answers its health check (home's empty state shows it). */
export async function fetchBackendHealth(signal?: AbortSignal): Promise<boolean> {
  try {
    const health = await api('healthcheck', { signal });
    return health?.status === 'ok';
  } catch (error) {
    if (signal?.aborted) throw error;
    return false;
  }
}

/** The query options of the feeds (the search's are in its hook: they depend on its paging). */
export const discoveryQueries = {
  home: () =>
    queryOptions({
      queryKey: discoveryKeys.home(),
      queryFn: ({ signal }) => fetchHomeVideos(signal),
    }),
  trending: () =>
    queryOptions({
      queryKey: discoveryKeys.trending(),
      queryFn: ({ signal }) => fetchTrendingVideos(signal),
    }),
};
