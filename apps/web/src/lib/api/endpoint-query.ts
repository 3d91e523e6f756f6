import type { EndpointName } from '@kinora/contract';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { api, type ApiOptions } from './client';

/** The endpoints called with nothing but the abort signal: no params, query or body to give. */
export type BareEndpoint = {
  [N in EndpointName]: Record<never, never> extends ApiOptions<N> ? N : never;
}[EndpointName];

/**
 * The query options of a read that needs nothing but the endpoint's name (one's settings, a
 * moderation list, one's sessions): `api(name)` under `queryKey`, cancelled with the query.
 * Spread it to add options (`{ ...endpointQuery(key, name), staleTime }`).
 */
export function endpointQuery<N extends BareEndpoint, K extends QueryKey>(queryKey: K, name: N) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api<N>(name, { signal } as ApiOptions<N>),
  });
}
