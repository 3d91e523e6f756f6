import { channelVideosTotalHeader, endpoints } from '@kinora/contract';
import { shows, videosShown } from '../../platform/http/kept-tags';
import type { Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentVideoCards, shareVideos } from '../videos';
import { presentChannel, presentMyStats, shareChannel } from './channels.presenter';
import type { ChannelsService } from './channels.service';

interface ChannelRouteDeps {
  channels: ChannelsService;
  storage: Storage;
}

export function registerChannelRoutes(
  router: Router,
  { channels, storage }: ChannelRouteDeps,
): void {
  const isSubscribed = channels.isSubscribed.bind(channels);

  router.route(endpoints.getChannel, {
    handler: async ({ params, actor }) =>
      presentChannel(await channels.getChannel({ by: { id: params.id }, viewer: actor }), storage),
    shared: ({ data }) => shareChannel(data, isSubscribed),
    shows: ({ data }) => [shows.person(data.channel._id), shows.channel(data.channel._id)],
  });

  router.route(endpoints.channelByName, {
    handler: async ({ params, actor }) =>
      presentChannel(
        await channels.getChannel({
          by: { username: params.name.toLowerCase() },
          viewer: actor,
        }),
        storage,
      ),
    shared: ({ data }) => shareChannel(data, isSubscribed),
    shows: ({ data }) => [shows.person(data.channel._id), shows.channel(data.channel._id)],
  });

  router.route(endpoints.channelVideos, {
    handler: async ({ params, query, actor, reply }) => {
      const { cards, total } = await channels.listChannelVideos({
        channelId: params.id,
        query,
        viewer: actor,
      });
      // The data is the plain list the spec's client reads; the total rides in a header.
      reply.header(channelVideosTotalHeader, String(total));
      return presentVideoCards(cards);
    },
    // The owner's own listing holds their drafts; everyone else's is the same.
    shared: ({ params, data }) => shareVideos(data, [params.id]),
    shows: ({ params, data }) => [
      shows.channelVideos(params.id),
      shows.person(params.id),
      ...videosShown(data),
    ],
  });

  router.route(endpoints.myStats, {
    handler: async ({ actor }) => presentMyStats(await channels.getMyStats({ actor }), storage),
  });
}
