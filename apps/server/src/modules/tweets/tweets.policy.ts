/**
 * Who may do what to a tweet. Reading is public; a tweet is its owner's alone to change or
 * remove, staff included ("look, not touch", decision 0013).
 */
import type { Viewer } from '../../platform/auth/roles';
import { forbidden } from '../../platform/http/errors';

export interface PolicyTweet {
  ownerId: string;
}

export function canEditTweet(viewer: Viewer | null, tweet: PolicyTweet): boolean {
  return viewer?.userId === tweet.ownerId;
}

export function canDeleteTweet(viewer: Viewer | null, tweet: PolicyTweet): boolean {
  return viewer?.userId === tweet.ownerId;
}

export function assertCanEditTweet(viewer: Viewer, tweet: PolicyTweet): void {
  if (!canEditTweet(viewer, tweet)) throw forbidden('Only its owner can edit this tweet');
}

export function assertCanDeleteTweet(viewer: Viewer, tweet: PolicyTweet): void {
  if (!canDeleteTweet(viewer, tweet)) throw forbidden('Only its owner can delete this tweet');
}
