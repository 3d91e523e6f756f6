import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/**
 * The signed-in creator's own figures (GET /users/my-stats), one cache entry shared by the
 * dashboard and the analytics page so moving between them shows the figures at once.
 */
export function myStatsQuery() {
  return queryOptions({
    queryKey: ['users', 'my-stats'] as const,
    queryFn: ({ signal }) => api('myStats', { signal }),
  });
}
