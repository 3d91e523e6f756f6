import type { ChannelWithStats, MyStats } from '@kinora/contract';
import type { Actor, RouteSharing } from '../../platform/http/router';
import { publicUrlOf, type Storage } from '../../platform/storage/storage';
import { presentChannelSummary, presentOwnAccount } from '../users';
import type { ChannelView, ViewerAndChannel } from './channels.service';

/** Figures only for those the rules allow (ChannelView says who); others see public counts. */
export function presentChannel(
  { channel, figures, seesDrafts, seesTotals }: ChannelView,
  storage: Storage,
): ChannelWithStats {
  // Both namings of the spec carry the same figures: what this viewer may count.
  const videos = seesDrafts ? figures.allVideos : figures.publishedVideos;
  return {
    channel: {
      ...presentChannelSummary(channel, storage),
      coverImage: publicUrlOf(storage, channel.coverImageKey),
      bio: channel.bio,
      createdAt: channel.createdAt.toISOString(),
      subscribersCount: channel.subscribersCount,
      isSubscribed: channel.subscribedAt !== null,
    },
    stats: {
      totalSubscribers: channel.subscribersCount,
      totalVideos: videos,
      totalTweets: figures.tweets,
      totalSubscriptions: figures.subscriptions,
      totalViews: seesTotals ? figures.totalViews : null,
      totalLikes: seesTotals ? figures.totalLikes : null,
      subscribersCount: channel.subscribersCount,
      videosCount: videos,
      tweetsCount: figures.tweets,
      subscriptionsCount: figures.subscriptions,
      createdAt: channel.createdAt.toISOString(),
    },
  };
}

/**
 * One's own stats, which also serve as one's profile (signed-in-areas.md §3): the only
 * channel answer with an email address, given to its owner alone.
 */
export function presentMyStats({ channel, figures }: ChannelView, storage: Storage): MyStats {
  return {
    ...presentOwnAccount(channel, storage),
    createdAt: channel.createdAt.toISOString(),
    subscribersCount: channel.subscribersCount,
    videosCount: figures.allVideos,
    tweetsCount: figures.tweets,
    subscriptionsCount: figures.subscriptions,
    totalViews: figures.totalViews,
    totalLikes: figures.totalLikes,
  };
}

/**
 * With whom besides visitors a channel answer may be shared (decision 0018): everyone but its
 * owner, who sees their totals, and only when it holds no owner's total. Whether the caller
 * subscribes is theirs: a visitor's `false` is kept and each signed-in caller's is looked up.
 */
export function shareChannel(
  answer: ChannelWithStats,
  isSubscribed: (input: ViewerAndChannel) => Promise<boolean>,
): RouteSharing<ChannelWithStats> | null {
  if (answer.stats.totalViews !== null || answer.stats.totalLikes !== null) return null;
  const channelId = answer.channel._id;
  return {
    notFor: [channelId],
    personal: {
      visitor: { channel: { isSubscribed: false } },
      of: async (actor: Actor) => ({
        channel: { isSubscribed: await isSubscribed({ viewerId: actor.userId, channelId }) },
      }),
    },
  };
}
