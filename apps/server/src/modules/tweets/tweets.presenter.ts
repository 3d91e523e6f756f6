import type { Tweet, TweetChannel, TweetPage } from '@kinora/contract';
import { moderationNoticeOf } from '../../platform/http/moderation-notice';
import { pageInfo } from '../../platform/http/paging';
import type { Storage } from '../../platform/storage/storage';
import { presentChannelSummary } from '../users';
import type { TweetChannelRecord, TweetRecord } from './tweets.repository';

export function presentTweet(t: TweetRecord, storage: Storage): Tweet {
  return {
    _id: t.id,
    content: t.content,
    createdAt: t.createdAt.toISOString(),
    owner: presentChannelSummary(t.owner, storage),
    likesCount: t.likesCount,
    isLiked: t.likeId !== null,
    isEdited: t.editedAt !== null,
    editedAt: t.editedAt?.toISOString() ?? null,
    ...moderationNoticeOf(t),
  };
}

/** An offset page of tweets with its totals. */
export function presentTweetPage(
  { records, total }: { records: TweetRecord[]; total: number },
  paging: { page: number; limit: number },
  storage: Storage,
): TweetPage {
  return {
    tweets: records.map((t) => presentTweet(t, storage)),
    totalTweets: total,
    ...pageInfo(paging, total),
  };
}

export function presentTweetChannel(c: TweetChannelRecord, storage: Storage): TweetChannel {
  return {
    ...presentChannelSummary(c, storage),
    latestTweet: {
      _id: c.latestTweet.id,
      content: c.latestTweet.content,
      createdAt: c.latestTweet.createdAt.toISOString(),
    },
  };
}
