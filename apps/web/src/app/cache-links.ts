import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onCacheEvent } from '../lib/cache-events';

/**
 * Features do not import each other: when one changes what others show (lib/cache-events.ts),
 * this marks the others' answers stale through the keys they export (cache-link-table.ts). The
 * feature that announced the change has already updated its own. The table loads with the
 * first change, so the first page load carries none of the features it names.
 */
export function useCacheLinks(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onCacheEvent((event) => {
        void import('./cache-link-table').then(({ staleAfter }) => {
          // A read already under way began after the change: it is kept, not started again.
          for (const queryKey of staleAfter(event)) {
            void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
          }
        });
      }),
    [queryClient],
  );
}
