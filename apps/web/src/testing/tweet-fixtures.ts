import type { Tweet } from '@kinora/contract';
import { makeOwner } from './video-fixtures';

/** Tweets as the server presents them (tests only). */

let sequence = 0;

/** A tweet by Grace unless `owner` is given, each a minute older than the one made before. */
export function makeTweet(overrides: Partial<Tweet> = {}): Tweet {
  sequence += 1;
  const { _id, username, fullname, avatar } = makeOwner();
  return {
    _id: `t${sequence}`,
    content: `Tweet number ${sequence}`,
    createdAt: new Date(Date.now() - sequence * 60_000).toISOString(),
    owner: { _id, username, fullname, avatar },
    likesCount: 0,
    isLiked: false,
    isEdited: false,
    editedAt: null,
    ...overrides,
  };
}
