import { endpointQuery } from './api';

/**
 * The signed-in creator's own figures (GET /users/my-stats), one cache entry shared by the
 * dashboard and the analytics page so moving between them shows the figures at once.
 */
export function myStatsQuery() {
  return endpointQuery(['users', 'my-stats'] as const, 'myStats');
}
