import type { ChannelWithStats } from '@kinora/contract';
import type { Actor, RouteSharing } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import type { ChannelView } from './channels.service';

/** Total views and likes are the owner's business; others see the public counts only. */
export function presentChannel(
  { channel, figures, isOwner }: ChannelView,
  storage: Storage,
): ChannelWithStats {
  return {
    channel: {
      _id: channel.id,
      username: channel.username,
      fullname: channel.fullname,
      avatar: channel.avatarKey ? storage.publicUrl(channel.avatarKey) : null,
      coverImage: channel.coverImageKey ? storage.publicUrl(channel.coverImageKey) : null,
      bio: channel.bio,
      createdAt: channel.createdAt.toISOString(),
      subscribersCount: channel.subscribersCount,
      isSubscribed: channel.subscribedAt !== null,
    },
    stats: {
      totalSubscribers: channel.subscribersCount,
      totalVideos: isOwner ? figures.allVideos : figures.publishedVideos,
      totalTweets: figures.tweets,
      totalSubscriptions: figures.subscriptions,
      totalViews: isOwner ? figures.totalViews : null,
      totalLikes: isOwner ? figures.totalLikes : null,
    },
  };
}

/**
 * With whom besides visitors a channel answer may be shared (decision 0018): everyone but its
 * owner, who sees their totals, and only when it holds no owner's total. Whether the caller
 * subscribes is theirs: a visitor's `false` is kept and each signed-in caller's is looked up.
 */
export function shareChannel(
  answer: ChannelWithStats,
  isSubscribed: (input: { viewerId: string; channelId: string }) => Promise<boolean>,
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
