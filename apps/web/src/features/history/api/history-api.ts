import type { HistoryEntry } from '@kinora/contract';
import { api } from '../../../lib/api';

/** The spec's words for the history page (signed-in-areas §2, §4, §8). */
export const historyText = {
  signedOutTitle: 'Track Your Journey',
  heading: 'Watch History',
  empty: 'No history yet',
  noMatch: 'No videos found',
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
