import { z } from 'zod';
import { ModerationNotice } from './moderation-notice';
import { Id, IsoDate } from './common';
import { limits } from './limits';
import { keysetPage, PageInfo, PageQuery } from './pagination';
import { ChannelSummary } from './people';
import { requiredText } from './text';

/** A tweet as every list shows it (signed-in-areas.md §3). */
export const Tweet = z.object({
  _id: z.string(),
  content: z.string(),
  createdAt: IsoDate,
  owner: ChannelSummary,
  likesCount: z.number().int(),
  isLiked: z.boolean(),
  /** Changed by its owner since it was posted; `editedAt` says when last. */
  isEdited: z.boolean(),
  editedAt: IsoDate.nullable(),
  /** Only to its owner (and staff) when hidden or held: why others do not see it. */
  moderation: ModerationNotice.optional(),
});
export type Tweet = z.infer<typeof Tweet>;

export const TweetPage = PageInfo.extend({ tweets: z.array(Tweet), totalTweets: z.number().int() });
export type TweetPage = z.infer<typeof TweetPage>;

/** One person's tweets: the same list also under `docs`, where the spec's client may read it. */
export const UserTweetPage = TweetPage.extend({ docs: z.array(Tweet) });
export type UserTweetPage = z.infer<typeof UserTweetPage>;

/**
 * The text of a new or edited tweet: trimmed of spaces and invisible characters, then holding
 * something that shows, at most 280 characters.
 */
export const TweetBody = z.object({
  content: requiredText(
    {
      required: 'Content is required',
      empty: 'Tweet cannot be empty',
      tooLong: `Tweet is at most ${limits.tweet} characters`,
    },
    limits.tweet,
  ),
});
export type TweetBody = z.infer<typeof TweetBody>;

export const ListTweetsQuery = PageQuery.extend({
  sortBy: z.enum(['createdAt', 'likesCount']).default('createdAt'),
  sortType: z.enum(['asc', 'desc']).default('desc'),
  /** Only this person's tweets. */
  userId: Id.optional(),
});
export type ListTweetsQuery = z.infer<typeof ListTweetsQuery>;

/** The newest tweets of the channels one follows (`nextCursor` null at the end). */
export const TweetFeed = keysetPage('tweets', Tweet);
export type TweetFeed = z.infer<typeof TweetFeed>;

/** A followed channel that has tweets, with its newest one (the Tweets page's channel list). */
export const TweetChannel = ChannelSummary.extend({
  latestTweet: z.object({ _id: z.string(), content: z.string(), createdAt: IsoDate }),
});
export type TweetChannel = z.infer<typeof TweetChannel>;

/** Every followed channel that has tweets, the most recently tweeting first, a page at a time. */
export const TweetChannelPage = z.object({
  channels: z.array(TweetChannel),
  page: z.number().int(),
  limit: z.number().int(),
  hasNextPage: z.boolean(),
});
export type TweetChannelPage = z.infer<typeof TweetChannelPage>;
