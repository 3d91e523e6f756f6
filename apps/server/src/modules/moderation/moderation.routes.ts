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
    message: 'Report sent to the moderators',
    handler: async ({ body, actor }) =>
      presentContentReport(await moderation.report({ actor, ...body })),
  });
  router.route(endpoints.moderationQueue, {
    message: 'Moderation queue',
    handler: async ({ actor }) => presentQueue(await moderation.queue({ actor }), storage),
  });
  router.route(endpoints.moderateTarget, {
    message: 'Moderation action taken',
    handler: ({ body, actor }) => moderation.moderate({ actor, ...body }),
  });
  router.route(endpoints.banUser, {
    message: 'Account banned',
    handler: ({ params, body, actor }) =>
      moderation.ban({ actor, userId: params.id, reason: body.reason }),
  });
  router.route(endpoints.unbanUser, {
    message: 'Ban lifted',
    handler: ({ params, body, actor }) =>
      moderation.unban({ actor, userId: params.id, reason: body.reason }),
  });
  router.route(endpoints.moderationLog, {
    message: 'Moderation log',
    handler: async ({ query, actor }) =>
      presentAuditLog(await moderation.log({ actor, ...query }), query),
  });
  router.route(endpoints.listWatchedWords, {
    message: 'Watched words',
    handler: async ({ actor }) => ({
      words: (await moderation.watchedWords({ actor })).map(presentWatchedWord),
    }),
  });
  router.route(endpoints.addWatchedWord, {
    message: 'Word watched',
    handler: async ({ body, actor }) =>
      presentWatchedWord(await moderation.addWatchedWord({ actor, word: body.word })),
  });
  router.route(endpoints.removeWatchedWord, {
    message: 'Word no longer watched',
    handler: async ({ params, actor }) => ({
      words: (await moderation.removeWatchedWord({ actor, id: params.id })).map(presentWatchedWord),
    }),
  });
  router.route(endpoints.listHeldTweets, {
    message: 'Held tweets',
    handler: async ({ actor }) =>
      presentHeldTweets(await moderation.heldTweets({ actor }), storage),
  });
  router.route(endpoints.reviewHeld, {
    message: 'Held item reviewed',
    handler: ({ body, actor }) => moderation.reviewHeld({ actor, ...body }),
  });
}
