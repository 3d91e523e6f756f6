import { endpoints } from '@kinora/contract';
import type { Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentVideo, shareVideos, type VideosService } from '../videos';
import { presentChannel, shareChannel } from './channels.presenter';
import type { ChannelsService } from './channels.service';

export function registerChannelRoutes(
  router: Router,
  deps: { channels: ChannelsService; videos: VideosService; storage: Storage },
): void {
  const { channels, videos, storage } = deps;
  const isSubscribed = (input: { viewerId: string; channelId: string }) =>
    channels.isSubscribed(input);

  router.route(endpoints.getChannel, {
    message: 'Channel',
    handler: async ({ params, actor }) =>
      presentChannel(
        await channels.getChannel({ by: { id: params.id }, viewerId: actor?.userId ?? null }),
        storage,
      ),
    shared: ({ data }) => shareChannel(data, isSubscribed),
  });

  router.route(endpoints.channelByName, {
    message: 'Channel',
    handler: async ({ params, actor }) =>
      presentChannel(
        await channels.getChannel({
          by: { username: params.name.toLowerCase() },
          viewerId: actor?.userId ?? null,
        }),
        storage,
      ),
    shared: ({ data }) => shareChannel(data, isSubscribed),
  });

  router.route(endpoints.channelVideos, {
    message: 'Channel videos',
    handler: async ({ params, query, actor }) => {
      const viewerId = actor?.userId ?? null;
      await channels.getChannel({ by: { id: params.id }, viewerId });
      const { records, total, page, limit } = await videos.listVideos({
        query: { ...query, userId: params.id },
        viewerId,
      });
      const totalPages = Math.ceil(total / limit);
      return {
        videos: records.map((r) => presentVideo(r, storage)),
        totalVideos: total,
        page,
        limit,
        totalPages,
        hasNextPage: page < totalPages,
      };
    },
    // The owner's own listing holds their drafts; everyone else's is the same.
    shared: ({ params, data }) => shareVideos(data.videos, [params.id]),
  });

  router.route(endpoints.myStats, {
    message: 'Your stats',
    handler: async ({ actor }) => {
      const { channel, figures } = await channels.getMyStats({ userId: actor.userId });
      return {
        subscribersCount: channel.subscribersCount,
        totalViews: figures.totalViews,
        totalLikes: figures.totalLikes,
        videosCount: figures.allVideos,
        tweetsCount: figures.tweets,
        subscriptionsCount: figures.subscriptions,
        createdAt: channel.createdAt.toISOString(),
      };
    },
  });
}
