import { endpoints } from '@kinora/contract';
import { shows, videosShown } from '../../platform/http/kept-tags';
import type { Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { shareVideos } from '../videos';
import { presentSearchResult } from './search.presenter';
import type { SearchService } from './search.service';

interface SearchRouteDeps {
  search: SearchService;
  storage: Storage;
}

export function registerSearchRoutes(router: Router, { search, storage }: SearchRouteDeps): void {
  router.route(endpoints.search, {
    handler: async ({ query, actor }) =>
      presentSearchResult(await search.search({ ...query, viewer: actor }), query, storage),
    // Search finds published videos only: the same answer for everyone.
    shared: ({ data }) => shareVideos(data.videos),
    shows: ({ data }) => [
      shows.videoListings,
      shows.videoSearch,
      shows.channelSearch,
      ...videosShown(data.videos),
      ...data.channels.flatMap((c) => [shows.person(c._id), shows.channel(c._id)]),
    ],
  });
}
