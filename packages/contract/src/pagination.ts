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
