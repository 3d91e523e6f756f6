import { limits, type HistoryEntry, type WatchPosition } from '@kinora/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, endpointQuery } from '../../../lib/api';

/** The spec's words for the history page (signed-in-areas §2, §4, §8). */
export const historyText = {
  loading: 'Loading history',
  signedOutMessage: 'Sign in to see what you watched and pick up where you left off.',
  signedOutTitle: 'Track Your Journey',
  heading: 'Watch History',
  empty: 'No history yet',
  search: 'Search history',
  list: 'Watched videos',
  emptyDescription: 'Videos you watch show up here, so you can find them again.',
  noMatch: 'No videos found',
  noMatchDescription: 'Try another word, or clear the search.',
  clearAll: 'Clear All',
  confirmClear: 'Are you sure you want to clear your entire watch history?',
  loadFailed: 'Failed to load watch history',
  removeFailed: 'Failed to remove video from history',
  clearFailed: 'Failed to clear watch history',
  pauseFailed: 'Failed to change history settings',
  paused: 'History is paused: what you watch now is not kept.',
} as const;

export const HISTORY_PAGE_SIZE = 50;

export const historyKeys = {
  all: ['history'] as const,
  list: () => ['history', 'list'] as const,
  settings: () => ['history', 'settings'] as const,
  /** One video's saved position for one person (cards of every grid share these). */
  position: (userId: string, videoId: string) => ['history', 'position', userId, videoId] as const,
};

/** One page of the history, most recent first; pass the last entry's cursor for the next. */
export function fetchHistoryPage(
  cursor: string | undefined,
  limit = HISTORY_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<HistoryEntry[]> {
  return api('watchHistory', { query: cursor ? { cursor, limit } : { limit }, signal });
}

/** The library's and other screens' view of the history: its first `limit` entries. */
export const recentHistoryQuery = (limit: number) => ({
  queryKey: ['history', 'recent', limit] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchHistoryPage(undefined, limit, signal),
});

/** Where the signed-in person stopped in each of these videos (up to 100), those watched only. */
export function fetchWatchPositions(
  videoIds: string[],
  signal?: AbortSignal,
): Promise<WatchPosition[]> {
  return api('watchPositions', { query: { videoIds: videoIds.join(',') }, signal });
}

interface Waiting {
  resolve: (position: WatchPosition | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the positions asked for while one grid renders (every card asks in the same commit)
 * into one `GET /users/watchHistory/positions` per 100 videos, instead of one call per card.
 * Each card still has its own cached answer, so a grid that grows asks only for its new cards.
 */
function createPositionBatcher() {
  let waiting = new Map<string, Waiting[]>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += limits.watchPositionsBatch) {
      const chunk = ids.slice(i, i + limits.watchPositionsBatch);
      fetchWatchPositions(chunk).then(
        (positions) => {
          const byId = new Map(positions.map((p) => [p.videoId, p]));
          for (const id of chunk)
            for (const w of batch.get(id) ?? []) w.resolve(byId.get(id) ?? null);
        },
        (error: unknown) => {
          for (const id of chunk) for (const w of batch.get(id) ?? []) w.reject(error);
        },
      );
    }
  };

  return (videoId: string): Promise<WatchPosition | null> =>
    new Promise((resolve, reject) => {
      const list = waiting.get(videoId) ?? [];
      list.push({ resolve, reject });
      waiting.set(videoId, list);
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 0);
      }
    });
}

const loadWatchPosition = createPositionBatcher();

/** A card's saved position as a query: asked together with the rest of its grid. */
export const watchPositionQuery = (userId: string, videoId: string) => ({
  queryKey: historyKeys.position(userId, videoId),
  queryFn: () => loadWatchPosition(videoId),
});

/** The query options of the history, for its hooks and for pages that compose it. */
export const historyQueries = {
  /** The whole history, a page at a time (keyset-paged by cursor; a short page is the end). */
  list: () =>
    infiniteQueryOptions({
      queryKey: historyKeys.list(),
      queryFn: ({ pageParam, signal }) => fetchHistoryPage(pageParam, HISTORY_PAGE_SIZE, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: HistoryEntry[]) =>
        last.length < HISTORY_PAGE_SIZE ? undefined : last[last.length - 1]?.cursor,
    }),
  settings: () => endpointQuery(historyKeys.settings(), 'historySettings'),
};
