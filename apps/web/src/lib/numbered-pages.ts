import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * The paging of an infinite query over numbered pages (1, 2, …) whose answer says which page it
 * is and whether another follows: spread into the query's options.
 */
export const numberedPages = {
  initialPageParam: 1,
  getNextPageParam: (last: { page: number; hasNextPage: boolean }) =>
    last.hasNextPage ? last.page + 1 : undefined,
};

/** The options of an infinite query that reads `fetchPage(1)`, `fetchPage(2)`, … under `queryKey`. */
export function numberedPagesQuery<
  TPage extends { page: number; hasNextPage: boolean },
  TKey extends QueryKey,
>(queryKey: TKey, fetchPage: (page: number, signal: AbortSignal) => Promise<TPage>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    ...numberedPages,
  });
}
