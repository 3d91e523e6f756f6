import type { HistoryEntry } from '@kinora/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { historyKeys, historyQueries } from '../api/history-api';

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
    onSuccess: (_, videoId) => {
      queryClient.setQueryData<InfiniteData<HistoryEntry[], string | undefined>>(
        historyKeys.list(),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => page.filter((entry) => entry._id !== videoId)),
          },
      );
      void queryClient.invalidateQueries({
        queryKey: historyKeys.all,
        predicate: (q) => q.queryKey[1] !== 'list',
      });
    },
  });
}

/** 'Clear All' tells the server, then empties the list. */
export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('clearHistory'),
    onSuccess: () => {
      queryClient.setQueryData<InfiniteData<HistoryEntry[], string | undefined>>(
        historyKeys.list(),
        (data) => data && { pages: [[]], pageParams: [undefined] },
      );
      void queryClient.invalidateQueries({
        queryKey: historyKeys.all,
        predicate: (q) => q.queryKey[1] !== 'list',
      });
    },
  });
}

export function usePauseHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) => api('updateHistorySettings', { body: { paused } }),
    onSuccess: (settings) => queryClient.setQueryData(historyKeys.settings(), settings),
  });
}
