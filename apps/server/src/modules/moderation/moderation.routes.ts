import { endpoints } from '@kinora/contract';
import type { Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import {
  presentAuditLog,
  presentContentReport,
  presentHeldTweets,
  presentQueue,
  presentWatchedWord,
} from './moderation.presenter';
import type { ModerationService } from './moderation.service';

interface ModerationRouteDeps {
  moderation: ModerationService;
  storage: Storage;
}

/** Thin handlers: the contract validates, the service decides, the presenter shapes. */
export function registerModerationRoutes(
  router: Router,
  { moderation, storage }: ModerationRouteDeps,
): void {
  router.route(endpoints.reportContent, {
    handler: async ({ body, actor }) =>
      presentContentReport(await moderation.report({ actor, ...body })),
  });
  router.route(endpoints.moderationQueue, {
    handler: async ({ actor }) => presentQueue(await moderation.queue({ actor }), storage),
  });
  router.route(endpoints.moderateTarget, {
    handler: ({ body, actor }) => moderation.moderate({ actor, ...body }),
  });
  router.route(endpoints.banUser, {
    handler: ({ params, body, actor }) =>
      moderation.ban({ actor, userId: params.id, reason: body.reason }),
  });
  router.route(endpoints.unbanUser, {
    handler: ({ params, body, actor }) =>
      moderation.unban({ actor, userId: params.id, reason: body.reason }),
  });
  router.route(endpoints.moderationLog, {
    handler: async ({ query, actor }) =>
      presentAuditLog(await moderation.log({ actor, ...query }), query),
  });
  router.route(endpoints.listWatchedWords, {
    handler: async ({ actor }) => ({
      words: (await moderation.watchedWords({ actor })).map(presentWatchedWord),
    }),
  });
  router.route(endpoints.addWatchedWord, {
    handler: async ({ body, actor }) =>
      presentWatchedWord(await moderation.addWatchedWord({ actor, word: body.word })),
  });
  router.route(endpoints.removeWatchedWord, {
    handler: async ({ params, actor }) => ({
      words: (await moderation.removeWatchedWord({ actor, id: params.id })).map(presentWatchedWord),
    }),
  });
  router.route(endpoints.listHeldTweets, {
    handler: async ({ actor }) =>
      presentHeldTweets(await moderation.heldTweets({ actor }), storage),
  });
  router.route(endpoints.reviewHeld, {
    handler: ({ body, actor }) => moderation.reviewHeld({ actor, ...body }),
  });
}
