import { endpoints } from '@kinora/contract';
import type { Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentVideo } from '../videos';
import type { LikesService } from './likes.service';

interface LikeRouteDeps {
  likes: LikesService;
  storage: Storage;
}

export function registerLikeRoutes(router: Router, { likes, storage }: LikeRouteDeps): void {
  // One toggle per kind of thing one may like, each the same call.
  const toggles = [
    ['video', endpoints.toggleVideoLike],
    ['comment', endpoints.toggleCommentLike],
    ['tweet', endpoints.toggleTweetLike],
  ] as const;
  for (const [kind, endpoint] of toggles) {
    router.route(endpoint, {
      handler: ({ params, actor }) => likes.toggleLike({ kind, targetId: params.id, actor }),
    });
  }
  router.route(endpoints.videoLikeStatus, {
    handler: ({ params, actor }) =>
      likes.likeStatus({ kind: 'video', targetId: params.id, viewer: actor }),
  });
  router.route(endpoints.commentLikeStatus, {
    handler: ({ params, actor }) =>
      likes.likeStatus({ kind: 'comment', targetId: params.id, viewer: actor }),
  });
  router.route(endpoints.videoLikeCount, {
    handler: async ({ params, actor }) => {
      const { likeCount } = await likes.likeStatus({
        kind: 'video',
        targetId: params.id,
        viewer: actor,
      });
      return { likeCount };
    },
  });
  router.route(endpoints.likedVideos, {
    handler: async ({ params, query, actor }) => {
      const liked = await likes.likedVideos({
        userId: params.userId,
        actor,
        cursor: query.cursor,
        limit: query.limit,
      });
      return liked.map((v) => ({
        ...presentVideo(v, storage),
        likedAt: v.likedAt.toISOString(),
        cursor: v.cursor,
      }));
    },
  });
}
