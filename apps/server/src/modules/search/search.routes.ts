import { endpoints } from '@kinora/contract';
import { shows, videosShown } from '../../platform/http/kept-tags';
import type { Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentVideo, shareVideos } from '../videos';
import type { SearchService } from './search.service';

export function registerSearchRoutes(
  router: Router,
  deps: { search: SearchService; storage: Storage },
): void {
  const { search, storage } = deps;
  router.route(endpoints.search, {
    message: 'Search results',
    handler: async ({ query, actor }) => {
      const result = await search.search({ ...query, viewer: actor });
      return {
        videos: result.videos.map((v) => presentVideo(v, storage)),
        channels: result.channels.map((c) => ({
          _id: c.id,
          username: c.username,
          fullName: c.fullname,
          fullname: c.fullname,
          avatar: c.avatarKey ? storage.publicUrl(c.avatarKey) : null,
          subscribersCount: c.subscribersCount,
        })),
        page: query.page,
        limit: query.limit,
        totalVideos: result.totalVideos,
        totalChannels: result.totalChannels,
      };
    },
    // Search finds published videos only: the same answer for everyone.
    shared: ({ data }) => shareVideos(data.videos),
    shows: ({ data }) => [
      shows.videoListings,
      shows.videoSearch,
      ...videosShown(data.videos),
      ...data.channels.flatMap((c) => [shows.person(c._id), shows.channel(c._id)]),
    ],
  });
}
