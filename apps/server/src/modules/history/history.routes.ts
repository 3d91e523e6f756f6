import { endpoints } from '@kinora/contract';
import { shows, videosShown } from '../../platform/http/kept-tags';
import { emptyAfter, type Router } from '../../platform/http/router';
import { presentHistoryEntries, presentWatchPosition } from './history.presenter';
import type { HistoryService } from './history.service';

/** The player saves every few seconds per open tab: this leaves room for several tabs. */
const positionSavesPerMinute = 120;

interface HistoryRouteDeps {
  history: HistoryService;
}

export function registerHistoryRoutes(router: Router, { history }: HistoryRouteDeps): void {
  router.route(endpoints.watchHistory, {
    handler: async ({ query, actor }) =>
      presentHistoryEntries(
        await history.watchHistory({ actor, cursor: query.cursor, limit: query.limit }),
      ),
    shows: ({ actor, data }) => [
      shows.history(actor.userId),
      shows.historyInSight,
      ...videosShown(data),
    ],
  });
  router.route(endpoints.watchPositions, {
    handler: async ({ query, actor }) =>
      (await history.watchPositions({ actor, videoIds: query.videoIds })).map(presentWatchPosition),
  });
  router.route(endpoints.saveWatchPosition, {
    rateLimitPerMinute: positionSavesPerMinute,
    handler: ({ params, body, actor }) =>
      history.saveWatchPosition({
        actor,
        videoId: params.videoId,
        positionSeconds: body.positionSeconds,
      }),
  });
  router.route(endpoints.removeFromHistory, {
    handler: ({ params, actor }) =>
      emptyAfter(history.removeFromHistory({ actor, videoId: params.videoId })),
  });
  router.route(endpoints.clearHistory, {
    handler: ({ actor }) => history.clearHistory({ actor }),
  });
  router.route(endpoints.historySettings, {
    handler: ({ actor }) => history.historySettings({ actor }),
  });
  router.route(endpoints.updateHistorySettings, {
    handler: ({ body, actor }) => history.updateHistorySettings({ actor, paused: body.paused }),
  });
}
