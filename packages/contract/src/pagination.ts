import { z } from 'zod';

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(10),
});

export const PageInfo = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
});
export type PageInfo = z.infer<typeof PageInfo>;

/**
 * A feed read newest first by keyset: `cursor` is the opaque `nextCursor` of the page before
 * (absent for the first page). Items that arrive meanwhile go above the first page, so a
 * reader walking down never sees one twice nor skips one.
 */
export const KeysetQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50, 'limit is at most 50').default(20),
  cursor: z.string().trim().min(1).max(200).optional(),
});
export type KeysetQuery = z.infer<typeof KeysetQuery>;
