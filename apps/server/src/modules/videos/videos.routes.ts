import { endpoints } from '@kinora/contract';
import type { Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentVideo, shareVideos } from './videos.presenter';
import type { VideosService } from './videos.service';

export function registerVideoRoutes(
  router: Router,
  deps: { videos: VideosService; storage: Storage },
): void {
  const { videos, storage } = deps;
  const present = (record: Parameters<typeof presentVideo>[0]) => presentVideo(record, storage);

  router.route(endpoints.listVideos, {
    message: 'Videos',
    handler: async ({ query, actor }) => {
      const { records, total, page, limit } = await videos.listVideos({
        query,
        viewerId: actor?.userId ?? null,
      });
      const totalPages = Math.ceil(total / limit);
      return {
        videos: records.map(present),
        totalVideos: total,
        page,
        limit,
        totalPages,
        hasNextPage: page < totalPages,
      };
    },
    // The same for everyone but the person whose own videos are listed (drafts included).
    shared: ({ query, data }) => shareVideos(data.videos, [query.userId]),
  });

  router.route(endpoints.getVideo, {
    message: 'Video',
    handler: async ({ params, actor }) =>
      present(await videos.getVideo({ videoId: params.id, viewerId: actor?.userId ?? null })),
    shared: ({ data }) => shareVideos([data], [data.owner._id]),
  });

  router.route(endpoints.createVideo, {
    message: 'Video created',
    handler: async ({ body, actor }) =>
      present(await videos.createVideo({ ownerId: actor.userId, input: body })),
  });

  router.route(endpoints.updateVideo, {
    message: 'Video updated',
    handler: async ({ params, body, actor }) =>
      present(
        await videos.updateVideo({ videoId: params.id, actorId: actor.userId, changes: body }),
      ),
  });

  router.route(endpoints.deleteVideo, {
    message: 'Video deleted',
    handler: async ({ params, actor }) => {
      await videos.deleteVideo({ videoId: params.id, actorId: actor.userId });
      return {};
    },
  });

  router.route(endpoints.togglePublish, {
    message: 'Publication changed',
    handler: async ({ params, actor }) =>
      present(await videos.togglePublish({ videoId: params.id, actorId: actor.userId })),
  });

  router.route(endpoints.recordView, {
    message: 'View recorded',
    handler: async ({ params, body, actor, request }) =>
      videos.recordView({
        videoId: params.id,
        viewerId: actor?.userId ?? null,
        client: { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        ...(body?.position !== undefined ? { positionSeconds: body.position } : {}),
      }),
  });
}
