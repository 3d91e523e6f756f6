import { endpoints } from '@kinora/contract';
import type { Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentVideo, type VideosService } from '../videos';
import { presentChannel } from './channels.presenter';
import type { ChannelsService } from './channels.service';

export function registerChannelRoutes(
  router: Router,
  deps: { channels: ChannelsService; videos: VideosService; storage: Storage },
): void {
  const { channels, videos, storage } = deps;

  router.route(endpoints.getChannel, {
    message: 'Channel',
    handler: async ({ params, actor }) =>
      presentChannel(await channels.getChannel({ by: { id: params.id }, viewer: actor }), storage),
  });

  router.route(endpoints.channelByName, {
    message: 'Channel',
    handler: async ({ params, actor }) =>
      presentChannel(
        await channels.getChannel({
          by: { username: params.name.toLowerCase() },
          viewer: actor,
        }),
        storage,
      ),
  });

  router.route(endpoints.channelVideos, {
    message: 'Channel videos',
    handler: async ({ params, query, actor }) => {
      await channels.getChannel({ by: { id: params.id }, viewer: actor });
      const { records, total, page, limit } = await videos.listVideos({
        query: { ...query, userId: params.id },
        viewer: actor,
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
  });

  router.route(endpoints.myStats, {
    message: 'Your stats',
    handler: async ({ actor }) => {
      const { channel, figures } = await channels.getMyStats({ actor });
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
