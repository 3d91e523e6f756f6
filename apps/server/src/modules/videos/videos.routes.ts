import { randomBytes } from 'node:crypto';
import { endpoints } from '@kinora/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { shows, videosShown } from '../../platform/http/kept-tags';
import { emptyAfter, type Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentVideoCard } from './videos.cards';
import { presentVideo, presentVideoPage, shareVideos } from './videos.presenter';
import type { VideosService } from './videos.service';

interface VideoRouteDeps {
  videos: VideosService;
  storage: Storage;
}

export function registerVideoRoutes(router: Router, { videos, storage }: VideoRouteDeps): void {
  const present = (record: Parameters<typeof presentVideo>[0]) => presentVideo(record, storage);

  router.route(endpoints.listVideos, {
    handler: async ({ query, actor }) =>
      presentVideoPage(await videos.listVideos({ query, viewer: actor })),
    // The same for everyone but the person whose own videos are listed (drafts included).
    shared: ({ query, data }) => shareVideos(data.videos, [query.userId]),
    shows: ({ query, data }) => [
      query.userId ? shows.channelVideos(query.userId) : shows.videoListings,
      ...(query.query ? [shows.videoSearch] : []),
      ...videosShown(data.videos),
    ],
  });

  router.route(endpoints.getVideo, {
    handler: async ({ params, actor }) =>
      presentVideoCard(await videos.getVideoCard({ videoId: params.id, viewer: actor })),
    shared: ({ data }) => shareVideos([data], [data.owner._id]),
    shows: ({ data }) => [
      ...videosShown([data]),
      shows.videoCounts(data._id),
      shows.subscribers(data.owner._id),
    ],
  });

  router.route(endpoints.createVideo, {
    handler: async ({ body, actor }) =>
      present(await videos.createVideo({ ownerId: actor.userId, input: body })),
  });

  router.route(endpoints.updateVideo, {
    handler: async ({ params, body, actor }) =>
      present(await videos.updateVideo({ videoId: params.id, actor, changes: body })),
  });

  router.route(endpoints.deleteVideo, {
    handler: ({ params, actor }) => emptyAfter(videos.deleteVideo({ videoId: params.id, actor })),
  });

  router.route(endpoints.setVideoVisibility, {
    handler: async ({ params, body, actor }) =>
      present(await videos.setVisibility({ videoId: params.id, actor, level: body })),
  });

  router.route(endpoints.togglePublish, {
    handler: async ({ params, actor }) =>
      present(await videos.togglePublish({ videoId: params.id, actor })),
  });

  router.route(endpoints.recordView, {
    handler: async ({ params, body, actor, request, reply }) =>
      videos.recordView({
        videoId: params.id,
        viewer: actor,
        client: { ip: request.ip, viewerCookie: viewerCookieOf(request, reply) },
        ...(body?.position !== undefined ? { positionSeconds: body.position } : {}),
      }),
  });
}

const viewerCookie = 'kinoraViewer';

/**
 * The browser's view cookie: random, first-party and httpOnly, so a visitor counts as one
 * viewer however its User-Agent reads. Given out with the first view.
 */
function viewerCookieOf(request: FastifyRequest, reply: FastifyReply): string {
  const known = request.cookies[viewerCookie];
  if (known && /^[\w-]{22}$/.test(known)) return known;
  const fresh = randomBytes(16).toString('base64url');
  reply.setCookie(viewerCookie, fresh, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/api/v1/videos',
    maxAge: 365 * 86400,
  });
  return fresh;
}
