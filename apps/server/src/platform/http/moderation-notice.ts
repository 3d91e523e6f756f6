import type { ModerationNotice } from '@kinora/contract';

/**
 * Why a thing is out of others' sight, for the presenters of videos, comments and tweets
 * (decision 0038): only a hidden or held thing carries one, and only its owner, its video's
 * owner (a held comment) and staff are ever shown such a thing.
 */
export function moderationNoticeOf(thing: {
  hiddenAt: Date | null;
  hiddenReason: string | null;
  heldAt?: Date | null;
}): { moderation?: ModerationNotice } {
  if (thing.hiddenAt) return { moderation: { state: 'hidden', reason: thing.hiddenReason } };
  if (thing.heldAt) return { moderation: { state: 'held', reason: null } };
  return {};
}
