import type { PageInfo } from '@kinora/contract';

/** Which offset page is asked for: 1-based `page` of `limit` items. */
export interface Paging {
  page: number;
  limit: number;
}

/** The paging fields of an offset page: how many pages `total` items fill, and whether one follows. */
export function pageInfo(paging: Paging, total: number): PageInfo {
  const totalPages = Math.ceil(total / paging.limit);
  return {
    page: paging.page,
    limit: paging.limit,
    totalPages,
    hasNextPage: paging.page < totalPages,
  };
}
