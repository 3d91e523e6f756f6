import type { ChannelWithStats, CurrentUser, MyStats } from '@kinora/contract';
import { api, isApiError } from '../../../lib/api';
import type { ChannelFigures } from '../analytics';

export const analyticsText = {
  signedOut: 'Sign in to view stats',
  infoFailed: 'Failed to load channel information',
  statsFailed: 'Failed to load channel statistics',
} as const;

/** A channel as the analytics page shows it, whoever it belongs to. */
export interface ChannelAnalytics {
  isOwnChannel: boolean;
  channel: {
    id: string;
    username: string;
    fullname: string;
    avatar: string | null;
    createdAt: string;
    /** Only known for one's own channel (signed-in-areas §5). */
    email: string | null;
  };
  figures: ChannelFigures;
}

export const analyticsKeys = {
  /** Every channel's figures: a subscription made elsewhere changes them. */
  root: ['analytics'] as const,
  channel: (id: string) => ['analytics', 'channel', id] as const,
};

/** One's own channel: the signed-in user (GET /users/current-user) and GET /users/my-stats. */
export function ownChannelAnalytics(user: CurrentUser, stats: MyStats): ChannelAnalytics {
  return {
    isOwnChannel: true,
    channel: {
      id: user._id,
      username: user.username,
      fullname: user.fullname,
      avatar: user.avatar,
      createdAt: stats.createdAt || user.createdAt,
      email: user.email,
    },
    figures: {
      subscribers: stats.subscribersCount,
      videos: stats.videosCount,
      tweets: stats.tweetsCount,
      subscriptions: stats.subscriptionsCount,
      totalViews: stats.totalViews,
      totalLikes: stats.totalLikes,
    },
  };
}

/** Someone else's channel (GET /channels/:id): views and likes stay null as the server sent them. */
export function otherChannelAnalytics({ channel, stats }: ChannelWithStats): ChannelAnalytics {
  return {
    isOwnChannel: false,
    channel: {
      id: channel._id,
      username: channel.username,
      fullname: channel.fullname,
      avatar: channel.avatar,
      createdAt: channel.createdAt,
      email: null,
    },
    figures: {
      subscribers: stats.totalSubscribers,
      videos: stats.totalVideos,
      tweets: stats.totalTweets,
      subscriptions: stats.totalSubscriptions,
      totalViews: stats.totalViews,
      totalLikes: stats.totalLikes,
    },
  };
}

export async function fetchChannelAnalytics(
  id: string,
  signal?: AbortSignal,
): Promise<ChannelAnalytics> {
  return otherChannelAnalytics(await api('getChannel', { params: { id }, signal }));
}

/** Under a failed load's title: a wrong link (no such channel) is said plainly; retrying will not help it. */
export const channelNotFoundDetail = 'No channel has this address. Check the link and try again.';

export function failureDetail(error: unknown): string | undefined {
  if (isApiError(error) && (error.status === 404 || error.status === 400)) {
    return channelNotFoundDetail;
  }
  return undefined;
}
