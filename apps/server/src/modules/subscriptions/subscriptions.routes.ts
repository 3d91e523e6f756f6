import { endpoints } from '@kinora/contract';
import { shows, videosShown } from '../../platform/http/kept-tags';
import type { Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentVideo } from '../videos';
import type { SubscriptionsService } from './subscriptions.service';

/** Public lists carry names and pictures only, never an email address. */
export function registerSubscriptionRoutes(
  router: Router,
  deps: { subscriptions: SubscriptionsService; storage: Storage },
): void {
  const { subscriptions, storage } = deps;
  const avatar = (key: string | null) => (key ? storage.publicUrl(key) : null);

  router.route(endpoints.toggleSubscription, {
    message: 'Subscription toggled',
    handler: ({ params, actor }) =>
      subscriptions.toggleSubscription({ subscriberId: actor.userId, channelId: params.channelId }),
  });
  router.route(endpoints.subscriptionStatus, {
    message: 'Subscription status',
    handler: ({ params, actor }) =>
      subscriptions.subscriptionStatus({
        viewerId: actor?.userId ?? null,
        channelId: params.channelId,
      }),
  });
  router.route(endpoints.channelSubscribers, {
    message: 'Subscribers',
    handler: async ({ params, query }) =>
      (await subscriptions.listSubscribers({ channelId: params.channelId, ...query })).map((p) => ({
        subscriberId: p.id,
        username: p.username,
        fullname: p.fullname,
        avatar: avatar(p.avatarKey),
        subscribedAt: p.subscribedAt.toISOString(),
      })),
  });
  router.route(endpoints.subscribedChannels, {
    message: 'Subscribed channels',
    handler: async ({ params, query }) =>
      (await subscriptions.listSubscribedChannels({ userId: params.userId, ...query })).map(
        (p) => ({
          channelId: p.id,
          username: p.username,
          fullname: p.fullname,
          avatar: avatar(p.avatarKey),
          subscribersCount: p.subscribersCount,
          subscribedAt: p.subscribedAt.toISOString(),
        }),
      ),
  });

  router.route(endpoints.subscriptionFeed, {
    message: 'Latest videos of your subscriptions',
    handler: async ({ query, actor }) => {
      const { records, nextCursor } = await subscriptions.videoFeed({ actor, ...query });
      return { videos: records.map((r) => presentVideo(r, storage)), nextCursor };
    },
    shows: ({ data }) => [shows.followedVideos, ...videosShown(data.videos)],
  });
}
