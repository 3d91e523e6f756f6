/**
 * What a viewer may see of a channel. Its page is public; its videos follow the videos' rules
 * (`canSeeDraftsOf`), and its totals of views and likes are the owner's business.
 */
import type { Viewer } from '../../platform/auth/roles';

/** Total views and likes over every video, drafts included: the owner's alone. */
export function canSeeChannelTotals(viewer: Viewer | null, channel: { id: string }): boolean {
  return viewer?.userId === channel.id;
}
