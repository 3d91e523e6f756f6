/**
 * The paging of an infinite query over numbered pages (1, 2, …) whose answer says which page it
 * is and whether another follows: spread into the query's options.
 */
export const numberedPages = {
  initialPageParam: 1,
  getNextPageParam: (last: { page: number; hasNextPage: boolean }) =>
    last.hasNextPage ? last.page + 1 : undefined,
};
