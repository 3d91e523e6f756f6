import { z } from 'zod';

/**
 * Why a thing is out of sight, told to its owner (and to staff): hidden by a moderator, or held
 * for approval because it contains a watched word. Absent on what everyone sees.
 */
export const ModerationNotice = z.object({
  state: z.enum(['hidden', 'held']),
  /** The moderator's reason for a hidden thing; null for a held one. */
  reason: z.string().nullable(),
});
export type ModerationNotice = z.infer<typeof ModerationNotice>;
