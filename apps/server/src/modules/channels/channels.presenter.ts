import type { ChannelWithStats } from '@kinora/contract';
import type { Storage } from '../../platform/storage/storage';
import type { ChannelView } from './channels.service';

/** Figures only for those the rules allow (ChannelView says who); others see public counts. */
export function presentChannel(
  { channel, figures, seesDrafts, seesTotals }: ChannelView,
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
      totalVideos: seesDrafts ? figures.allVideos : figures.publishedVideos,
      totalTweets: figures.tweets,
      totalSubscriptions: figures.subscriptions,
      totalViews: seesTotals ? figures.totalViews : null,
      totalLikes: seesTotals ? figures.totalLikes : null,
    },
  };
}
