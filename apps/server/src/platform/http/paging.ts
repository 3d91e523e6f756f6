import type { PageInfo } from '@kinora/contract';

/** The paging fields of an offset page: how many pages `total` items fill, and whether one follows. */
export function pageInfo(paging: { page: number; limit: number }, total: number): PageInfo {
  const totalPages = Math.ceil(total / paging.limit);
  return {
    page: paging.page,
    limit: paging.limit,
    totalPages,
    hasNextPage: paging.page < totalPages,
  };
}
