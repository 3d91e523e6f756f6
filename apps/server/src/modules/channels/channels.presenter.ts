import type { ChannelWithStats } from '@kinora/contract';
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
