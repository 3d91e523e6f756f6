import { z } from 'zod';
import { Id, IsoDate } from './common';
import { PageInfo, PageQuery } from './pagination';
import { Video } from './videos';

/** A channel as its page shows it (no email: that is only the owner's, via current-user). */
export const Channel = z.object({
  _id: z.string(),
  username: z.string(),
  fullname: z.string(),
  avatar: z.string().nullable(),
  coverImage: z.string().nullable(),
  bio: z.string(),
  createdAt: IsoDate,
  subscribersCount: z.number().int(),
  /** Whether the caller subscribes (false for visitors and on one's own channel). */
  isSubscribed: z.boolean(),
});
export type Channel = z.infer<typeof Channel>;

export const ChannelStats = z.object({
  totalSubscribers: z.number().int(),
  totalVideos: z.number().int(),
  totalTweets: z.number().int(),
  totalSubscriptions: z.number().int(),
  /** Only on one's own channel; null for everyone else. */
  totalViews: z.number().int().nullable(),
  totalLikes: z.number().int().nullable(),
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
export const ChannelVideoPage = PageInfo.extend({
  videos: z.array(Video),
  totalVideos: z.number().int(),
});

/** The signed-in user's own figures (dashboard, profile, analytics). */
export const MyStats = z.object({
  subscribersCount: z.number().int(),
  totalViews: z.number().int(),
  totalLikes: z.number().int(),
  videosCount: z.number().int(),
  tweetsCount: z.number().int(),
  subscriptionsCount: z.number().int(),
  createdAt: IsoDate,
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

export const Tweet = z.object({
  _id: z.string(),
  content: z.string(),
  createdAt: IsoDate,
  owner: z.object({
    _id: z.string(),
    username: z.string(),
    fullname: z.string(),
    avatar: z.string().nullable(),
  }),
  likesCount: z.number().int(),
  isLiked: z.boolean(),
});
export type Tweet = z.infer<typeof Tweet>;

export const TweetPage = PageInfo.extend({ tweets: z.array(Tweet), totalTweets: z.number().int() });
export type TweetPage = z.infer<typeof TweetPage>;
