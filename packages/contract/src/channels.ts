import { z } from 'zod';
import { Id, IsoDate } from './common';
import { PageQuery } from './pagination';
import { ChannelSummary, OwnAccount } from './people';
import { Video } from './videos';

/** A channel as its page shows it (no email: that is only the owner's, via current-user). */
export const Channel = ChannelSummary.extend({
  coverImage: z.string().nullable(),
  bio: z.string(),
  createdAt: IsoDate,
  subscribersCount: z.number().int(),
  /** Whether the caller subscribes (false for visitors and on one's own channel). */
  isSubscribed: z.boolean(),
});
export type Channel = z.infer<typeof Channel>;

/** The figures the analytics page reads under its own names, after the subscribers' count. */
const analyticsFigures = {
  videosCount: z.number().int(),
  tweetsCount: z.number().int(),
  subscriptionsCount: z.number().int(),
  createdAt: IsoDate,
};

/**
 * A channel's figures under both names the spec's screens read: the channel page's
 * (`total…`) and the analytics page's (`…Count`, `createdAt`).
 */
export const ChannelStats = z.object({
  totalSubscribers: z.number().int(),
  totalVideos: z.number().int(),
  totalTweets: z.number().int(),
  totalSubscriptions: z.number().int(),
  /** Only on one's own channel; null for everyone else. */
  totalViews: z.number().int().nullable(),
  totalLikes: z.number().int().nullable(),
  subscribersCount: z.number().int(),
  ...analyticsFigures,
});
export type ChannelStats = z.infer<typeof ChannelStats>;

export const ChannelWithStats = z.object({ channel: Channel, stats: ChannelStats });
export type ChannelWithStats = z.infer<typeof ChannelWithStats>;

export const ChannelParams = z.object({ id: Id });
export const ChannelNameParams = z.object({ name: z.string().trim().min(1).max(30) });

export const ChannelVideosQuery = PageQuery.extend({
  sortBy: z.enum(['createdAt', 'views']).default('createdAt'),
  sortType: z.enum(['asc', 'desc']).default('desc'),
});
export type ChannelVideosQuery = z.infer<typeof ChannelVideosQuery>;
/**
 * A channel's videos: a plain array in `data` (what the spec's client reads). Paging is the
 * query's `page` and `limit`; the answer's `X-Total-Count` header gives the total.
 */
export const ChannelVideoList = z.array(Video);
export const channelVideosTotalHeader = 'x-total-count';

/**
 * The signed-in user's own figures, which also serve as the profile (signed-in-areas.md §3):
 * the user's fields, email included, and every figure, drafts counted.
 */
export const MyStats = OwnAccount.extend({
  subscribersCount: z.number().int(),
  totalViews: z.number().int(),
  totalLikes: z.number().int(),
  ...analyticsFigures,
});
export type MyStats = z.infer<typeof MyStats>;

export const SearchQuery = PageQuery.extend({
  query: z.string().trim().min(1, 'Type something to search for').max(200),
  type: z.enum(['all', 'videos', 'channels']).default('all'),
});

export const SearchChannel = z.object({
  _id: z.string(),
  username: z.string(),
  fullName: z.string(),
  fullname: z.string(),
  avatar: z.string().nullable(),
  subscribersCount: z.number().int(),
});
export type SearchChannel = z.infer<typeof SearchChannel>;

export const SearchResult = z.object({
  videos: z.array(Video),
  channels: z.array(SearchChannel),
  page: z.number().int(),
  limit: z.number().int(),
  totalVideos: z.number().int(),
  totalChannels: z.number().int(),
});
export type SearchResult = z.infer<typeof SearchResult>;
