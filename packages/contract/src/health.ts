import { z } from 'zod';

export const Health = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof Health>;
