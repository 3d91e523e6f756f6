import { endpoints } from '@kinora/contract';
import type { Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import type { TweetsService } from './tweets.service';

export function registerTweetRoutes(
  router: Router,
  deps: { tweets: TweetsService; storage: Storage },
): void {
  const { tweets, storage } = deps;
  router.route(endpoints.userTweets, {
    message: 'Tweets',
    handler: async ({ params, query, actor }) => {
      const { records, total } = await tweets.listUserTweets({
        userId: params.id,
        viewerId: actor?.userId ?? null,
        page: query.page,
        limit: query.limit,
      });
      const totalPages = Math.ceil(total / query.limit);
      return {
        tweets: records.map((t) => ({
          _id: t.id,
          content: t.content,
          createdAt: t.createdAt.toISOString(),
          owner: {
            _id: t.owner.id,
            username: t.owner.username,
            fullname: t.owner.fullname,
            avatar: t.owner.avatarKey ? storage.publicUrl(t.owner.avatarKey) : null,
          },
          likesCount: t.likesCount,
          isLiked: t.likeId !== null,
        })),
        totalTweets: total,
        page: query.page,
        limit: query.limit,
        totalPages,
        hasNextPage: query.page < totalPages,
      };
    },
  });
}
