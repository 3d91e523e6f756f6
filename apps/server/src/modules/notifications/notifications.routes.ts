import { endpoints } from '@kinora/contract';
import { notificationsShown } from '../../platform/http/kept-tags';
import type { Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentNotificationPage } from './notifications.presenter';
import type { NotificationsService } from './notifications.service';
import type { PushService } from './push.service';

interface NotificationRouteDeps {
  notifications: NotificationsService;
  pushes: PushService;
  storage: Storage;
}

/** Thin handlers: the contract validates, the service decides, the presenter shapes. */
export function registerNotificationRoutes(
  router: Router,
  { notifications, pushes, storage }: NotificationRouteDeps,
): void {
  router.route(endpoints.listNotifications, {
    handler: async ({ query, actor }) =>
      presentNotificationPage(await notifications.listNotifications({ actor, ...query }), storage),
    // Kept for its reader until their entries or what the entries show change (decision 0025).
    shows: ({ actor, data }) => notificationsShown(actor.userId, data.notifications),
  });
  router.route(endpoints.unreadNotifications, {
    handler: ({ actor }) => notifications.unreadCount({ actor }),
  });
  router.route(endpoints.markNotificationRead, {
    handler: ({ params, actor }) => notifications.markRead({ actor, notificationId: params.id }),
  });
  router.route(endpoints.markAllNotificationsRead, {
    handler: ({ actor }) => notifications.markAllRead({ actor }),
  });
  router.route(endpoints.notificationSettings, {
    handler: ({ actor }) => notifications.settings({ actor }),
  });
  router.route(endpoints.updateNotificationSettings, {
    handler: ({ body, actor }) => notifications.updateSettings({ actor, settings: body.settings }),
  });
  router.route(endpoints.pushKey, {
    handler: async () => pushes.publicKey(),
  });
  router.route(endpoints.subscribePush, {
    handler: ({ body, actor }) => pushes.subscribe({ actor, subscription: body }),
  });
  router.route(endpoints.unsubscribePush, {
    handler: ({ query, actor }) => pushes.unsubscribe({ actor, endpoint: query.endpoint }),
  });
}
