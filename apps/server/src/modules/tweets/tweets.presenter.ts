import type { Tweet, TweetChannel } from '@kinora/contract';
import type { Storage } from '../../platform/storage/storage';
import type { TweetChannelRecord, TweetRecord } from './tweets.repository';

export function presentTweet(t: TweetRecord, storage: Storage): Tweet {
  return {
    _id: t.id,
    content: t.content,
    createdAt: t.createdAt.toISOString(),
    owner: {
      _id: t.owner.id,
      username: t.owner.username,
      fullname: t.owner.fullname,
      avatar: t.owner.avatarKey ? storage.publicUrl(t.owner.avatarKey) : null,
    },
    likesCount: t.likesCount,
    isLiked: t.likeId !== null,
    isEdited: t.editedAt !== null,
    editedAt: t.editedAt?.toISOString() ?? null,
  };
}

/** An offset page of tweets with its totals. */
export function presentTweetPage(
  { records, total }: { records: TweetRecord[]; total: number },
  paging: { page: number; limit: number },
  storage: Storage,
) {
  const totalPages = Math.ceil(total / paging.limit);
  return {
    tweets: records.map((t) => presentTweet(t, storage)),
    totalTweets: total,
    page: paging.page,
    limit: paging.limit,
    totalPages,
    hasNextPage: paging.page < totalPages,
  };
}

export function presentTweetChannel(c: TweetChannelRecord, storage: Storage): TweetChannel {
  return {
    _id: c.id,
    username: c.username,
    fullname: c.fullname,
    avatar: c.avatarKey ? storage.publicUrl(c.avatarKey) : null,
    latestTweet: {
      _id: c.latestTweet.id,
      content: c.latestTweet.content,
      createdAt: c.latestTweet.createdAt.toISOString(),
    },
  };
}
