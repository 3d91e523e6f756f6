import type {
  Notification,
  NotificationPage,
  NotificationSetting,
  PushKey,
  PushSubscriptionBody,
  PushSubscriptionState,
  UnreadNotifications,
} from '@kinora/contract';
import { notificationUnreadCap } from '@kinora/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, endpointQuery } from '../../../lib/api';

/** What the bell, the panel, the page and the settings say. */
export const notificationText = {
  bell: 'Notifications',
  heading: 'Notifications',
  markAll: 'Mark all as read',
  seeAll: 'See all notifications',
  empty: 'No notifications yet',
  emptyHint: 'New subscribers, comments, mentions and likes will show here.',
  loadFailed: 'Notifications could not be loaded.',
  retry: 'Try Again',
  unread: 'Unread',
  settingsHeading: 'Notifications',
  settingsHint: 'Choose what you are told about in Kinora, and what reaches this device as a push.',
  settingsSaved: 'Notification settings saved',
  settingsFailed: 'Failed to save notification settings',
  settingsLoadFailed: 'Notification settings could not be loaded.',
  pushHeading: 'Push notifications on this device',
  pushOn:
    'On for this browser: the kinds marked Push arrive as notifications, even when Kinora is closed.',
  pushOff: 'Get the kinds marked Push as notifications on this device, even when Kinora is closed.',
  pushBlocked:
    'Notifications are blocked for this site. Allow them in your browser’s site settings to turn pushes on.',
  pushUnsupported: 'This browser cannot receive push notifications.',
  pushTurnOn: 'Turn on for this browser',
  pushTurnOff: 'Turn off for this browser',
  pushFailed: 'Push notifications could not be changed. Try again.',
} as const;

/** The panel shows this many; the page reads this many at a time. */
export const PANEL_SIZE = 8;
export const PAGE_SIZE = 20;

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  lists: ['notifications', 'list'] as const,
  list: (limit: number) => ['notifications', 'list', limit] as const,
  settings: ['notifications', 'settings'] as const,
};

export const notificationQueries = {
  unread: () => ({
    ...endpointQuery(notificationKeys.unread, 'unreadNotifications'),
    staleTime: 60_000,
  }),
  pages: (limit: number) =>
    infiniteQueryOptions({
      queryKey: notificationKeys.list(limit),
      queryFn: ({ pageParam, signal }): Promise<NotificationPage> =>
        api('listNotifications', {
          query: { limit, ...(pageParam ? { cursor: pageParam } : {}) },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  settings: () => endpointQuery(notificationKeys.settings, 'notificationSettings'),
};

export function markNotificationRead(id: string): Promise<UnreadNotifications> {
  return api('markNotificationRead', { params: { id } });
}

export function markAllNotificationsRead(): Promise<UnreadNotifications> {
  return api('markAllNotificationsRead', {});
}

export function saveNotificationSettings(
  settings: NotificationSetting[],
): Promise<NotificationSetting[]> {
  return api('updateNotificationSettings', { body: { settings } });
}

export function pushKey(): Promise<PushKey> {
  return api('pushKey', {});
}

export function subscribePush(subscription: PushSubscriptionBody): Promise<PushSubscriptionState> {
  return api('subscribePush', { body: subscription });
}

export function unsubscribePush(endpoint: string): Promise<PushSubscriptionState> {
  return api('unsubscribePush', { query: { endpoint } });
}

/** "99+" beyond what the server counts. */
export function formatUnread(count: number): string {
  return count >= notificationUnreadCap ? '99+' : String(count);
}

export type { Notification };
