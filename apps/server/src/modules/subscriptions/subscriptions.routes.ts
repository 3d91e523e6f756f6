import { endpoints } from '@kinora/contract';
import { shows, videosShown } from '../../platform/http/kept-tags';
import type { Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import {
  presentSubscribedChannel,
  presentSubscriber,
  presentSubscriptionFeed,
} from './subscriptions.presenter';
import type { SubscriptionsService } from './subscriptions.service';

interface SubscriptionRouteDeps {
  subscriptions: SubscriptionsService;
  storage: Storage;
}

export function registerSubscriptionRoutes(
  router: Router,
  { subscriptions, storage }: SubscriptionRouteDeps,
): void {
  router.route(endpoints.toggleSubscription, {
    handler: ({ params, actor }) =>
      subscriptions.toggleSubscription({ subscriberId: actor.userId, channelId: params.channelId }),
  });
  router.route(endpoints.subscriptionStatus, {
    handler: ({ params, actor }) =>
      subscriptions.subscriptionStatus({
        viewerId: actor?.userId ?? null,
        channelId: params.channelId,
      }),
  });
  router.route(endpoints.channelSubscribers, {
    handler: async ({ params, query }) =>
      (await subscriptions.listSubscribers({ channelId: params.channelId, ...query })).map((p) =>
        presentSubscriber(p, storage),
      ),
  });
  router.route(endpoints.subscribedChannels, {
    handler: async ({ params, query }) =>
      (await subscriptions.listSubscribedChannels({ userId: params.userId, ...query })).map((p) =>
        presentSubscribedChannel(p, storage),
      ),
  });

  router.route(endpoints.subscriptionFeed, {
    handler: async ({ query, actor }) =>
      presentSubscriptionFeed(await subscriptions.videoFeed({ actor, ...query })),
    shows: ({ data }) => [shows.followedVideos, ...videosShown(data.videos)],
  });
}
