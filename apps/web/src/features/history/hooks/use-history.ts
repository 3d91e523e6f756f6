import type { HistoryEntry } from '@kinora/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { changeOwnList, withoutItem } from '../../../lib/own-list';
import { historyKeys, historyQueries } from '../api/history-api';

const ownList = { root: historyKeys.all, list: historyKeys.list() };

/** The whole history, a page at a time (keyset-paged by cursor; a short page is the end). */
export function useHistory() {
  return useInfiniteQuery(historyQueries.list());
}

export function useHistorySettings() {
  return useQuery(historyQueries.settings());
}

/** Takes one video out; the list drops it once the server agreed (spec §4). */
export function useRemoveFromHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (videoId: string) => api('removeFromHistory', { params: { videoId } }),
    onSuccess: (_, videoId) =>
      changeOwnList(queryClient, ownList, withoutItem<HistoryEntry>(videoId)),
  });
}

/** 'Clear All' tells the server, then empties the list. */
export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('clearHistory'),
    onSuccess: () =>
      changeOwnList<HistoryEntry>(queryClient, ownList, () => ({
        pages: [[]],
        pageParams: [undefined],
      })),
  });
}

export function usePauseHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) => api('updateHistorySettings', { body: { paused } }),
    onSuccess: (settings) => queryClient.setQueryData(historyKeys.settings(), settings),
  });
}
