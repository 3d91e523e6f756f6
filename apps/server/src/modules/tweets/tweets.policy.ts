/**
 * Who may do what to a tweet. Reading is public, but for what moderation keeps out of sight
 * (`tweetsVisibleTo`); a tweet is its owner's alone to change or remove, staff included ("look,
 * not touch", decision 0013).
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/roles';
import { tweets } from '../../platform/db/schema';
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

/**
 * The tweets a reader sees (decision 0038): a tweet a moderator hid, or one held for a watched
 * word until staff approve it, is its author's alone (staff review them in the queue).
 */
export function tweetsVisibleTo(viewerId: string | Placeholder | null): SQL {
  const inSight = sql`(${tweets.hiddenAt} is null and ${tweets.heldAt} is null)`;
  return viewerId ? sql`(${inSight} or ${tweets.ownerId} = ${viewerId})` : inSight;
}
