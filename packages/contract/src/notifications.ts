/**
 * Notifications (issue 21 item 1, decision 0035): what concerns a person, told in the app and
 * counted live over the chat socket. The calls are declared here, in one file for the area, and
 * merged into the endpoint map.
 */
import { z } from 'zod';
import { IdParams, IsoDate } from './common';
import { notificationUnreadCap } from './limits';
import { KeysetQuery, keysetPage } from './pagination';
import { ReportOutcome } from './moderation';
import { ChannelSummary } from './people';
import { define } from './define-endpoint';

/**
 * Every kind a person may be told of: replies to one's comments came with comment threads
 * (issue 21 item 3), a report one filed being handled with moderation (item 5).
 */
export const notificationKinds = [
  'new_subscriber',
  'video_comment',
  'comment_reply',
  'mention',
  'comment_like',
  'new_video',
  'message_request',
  'request_accepted',
  'report_handled',
] as const;
export const NotificationKind = z.enum(notificationKinds, { message: 'Unknown notification kind' });
export type NotificationKind = z.infer<typeof NotificationKind>;

const Excerpt = z.object({ _id: z.string(), content: z.string() });
/** A comment's excerpt; a reply names the top comment it hangs under (to open its thread). */
const CommentExcerpt = Excerpt.extend({ parentId: z.string().nullable().optional() });

export const Notification = z.object({
  _id: z.string(),
  kind: NotificationKind,
  /** Who did it; for grouped likes the latest of them. */
  actor: ChannelSummary,
  /** The others beside `actor` (a comment liked by alice and 12 others: 12). */
  othersCount: z.number().int(),
  /** The video it is about or under (a comment, a like on a comment, a new video). */
  video: z.object({ _id: z.string(), title: z.string() }).nullable(),
  /** The comment (on one's video, replying to one, mentioning one, liked), cut to 200 characters. */
  comment: CommentExcerpt.nullable(),
  /** The tweet that mentions one, its text cut to 200 characters. */
  tweet: Excerpt.nullable(),
  /** The conversation an accepted request opened. */
  conversationId: z.string().nullable(),
  /** A handled report: how it ended (`report_handled` only). */
  reportOutcome: ReportOutcome.nullable().optional(),
  isRead: z.boolean(),
  /** When it happened, or when a grouped entry last gained someone. */
  createdAt: IsoDate,
});
export type Notification = z.infer<typeof Notification>;

export const NotificationPage = keysetPage('notifications', Notification);
export type NotificationPage = z.infer<typeof NotificationPage>;

export const UnreadNotifications = z.object({
  /** Unread entries the reader may see, counted up to `notificationUnreadCap`. */
  unreadCount: z.number().int(),
});
export type UnreadNotifications = z.infer<typeof UnreadNotifications>;

export const NotificationSetting = z.object({
  kind: NotificationKind,
  /** Shown in the app (the bell, the panel, the page). */
  inApp: z.boolean(),
  /** Sent to the browser as a push (web push, to each browser the person subscribed). */
  push: z.boolean(),
});
export type NotificationSetting = z.infer<typeof NotificationSetting>;
/** Every kind, in `notificationKinds` order. */
export const NotificationSettings = z.array(NotificationSetting);

export const UpdateNotificationSettingsBody = z.object({
  settings: z
    .array(NotificationSetting)
    .min(1, 'Give at least one setting')
    .max(notificationKinds.length, `At most ${notificationKinds.length} settings`)
    .refine(
      (settings) => new Set(settings.map((s) => s.kind)).size === settings.length,
      'Each kind at most once',
    ),
});
export type UpdateNotificationSettingsBody = z.infer<typeof UpdateNotificationSettingsBody>;

/** Decodes base64url (RFC 4648 §5, padding optional); null when it is not that alphabet. */
function base64UrlLength(text: string): number | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  const bare = text.replace(/=+$/, '');
  if (bare.length % 4 === 1) return null;
  return Math.floor((bare.length * 3) / 4);
}

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export const PushSubscriptionBody = z.object({
  endpoint: z
    .url({ message: 'endpoint must be the push service’s URL' })
    .max(2048, 'endpoint is at most 2048 characters'),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, uncompressed. */
    p256dh: z
      .string()
      .refine(
        (key) => base64UrlLength(key) === 65 && key.startsWith('B'),
        'p256dh must be a P-256 public key (65 bytes, base64url)',
      ),
    /** The shared authentication secret: 16 bytes. */
    auth: z
      .string()
      .refine((key) => base64UrlLength(key) === 16, 'auth must be a 16-byte secret (base64url)'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const PushSubscriptionQuery = z.object({
  endpoint: z.string().min(1, 'endpoint is required').max(2048),
});

export const PushKey = z.object({
  /** The server's VAPID public key, base64url: the browser's `applicationServerKey`. */
  publicKey: z.string(),
});
export type PushKey = z.infer<typeof PushKey>;

export const PushSubscriptionState = z.object({ subscribed: z.boolean() });
export type PushSubscriptionState = z.infer<typeof PushSubscriptionState>;

/** What a push carries to the service worker: the entry as the app shows it. */
export const PushMessage = z.object({
  title: z.string(),
  body: z.string(),
  /** Where a click leads, a path of the web app. */
  url: z.string(),
  /** One browser notification per entry: a repeat replaces it. */
  tag: z.string(),
  icon: z.string().nullable(),
});
export type PushMessage = z.infer<typeof PushMessage>;

export const notificationEndpoints = {
  listNotifications: define({
    method: 'GET',
    path: '/notifications',
    summary: 'The caller’s notifications, newest first (keyset paging), unread marked',
    tag: 'notifications',
    access: 'user',
    query: KeysetQuery,
    response: NotificationPage,
    message: 'Notifications',
  }),
  unreadNotifications: define({
    method: 'GET',
    path: '/notifications/unread-count',
    summary: `How many of the caller’s notifications are unread (up to ${notificationUnreadCap})`,
    tag: 'notifications',
    access: 'user',
    response: UnreadNotifications,
    message: 'Unread notifications',
  }),
  markNotificationRead: define({
    method: 'PATCH',
    path: '/notifications/:id/read',
    summary: 'Mark one notification read (its recipient only)',
    tag: 'notifications',
    access: 'user',
    params: IdParams,
    response: UnreadNotifications,
    message: 'Notification marked read',
  }),
  markAllNotificationsRead: define({
    method: 'PATCH',
    path: '/notifications/read',
    summary: 'Mark every notification of the caller read',
    tag: 'notifications',
    access: 'user',
    response: UnreadNotifications,
    message: 'Notifications marked read',
  }),
  notificationSettings: define({
    method: 'GET',
    path: '/notifications/settings',
    summary: 'The caller’s choice per kind: in the app, as a push',
    tag: 'notifications',
    access: 'user',
    response: NotificationSettings,
    message: 'Notification settings',
  }),
  updateNotificationSettings: define({
    method: 'PUT',
    path: '/notifications/settings',
    summary: 'Change the caller’s choice for some kinds; answers every kind',
    tag: 'notifications',
    access: 'user',
    body: UpdateNotificationSettingsBody,
    response: NotificationSettings,
    message: 'Notification settings saved',
  }),
  pushKey: define({
    method: 'GET',
    path: '/notifications/push/key',
    summary: 'The server’s VAPID public key, to subscribe a browser to pushes',
    tag: 'notifications',
    access: 'user',
    response: PushKey,
    message: 'Push key',
  }),
  subscribePush: define({
    method: 'POST',
    path: '/notifications/push/subscriptions',
    summary: 'Send the caller’s notifications to this browser when no tab is open',
    tag: 'notifications',
    access: 'user',
    body: PushSubscriptionBody,
    response: PushSubscriptionState,
    message: 'Pushes on for this browser',
    successStatus: 201,
  }),
  unsubscribePush: define({
    method: 'DELETE',
    path: '/notifications/push/subscriptions',
    summary: 'Stop sending pushes to this browser (the caller’s own subscription)',
    tag: 'notifications',
    access: 'user',
    query: PushSubscriptionQuery,
    response: PushSubscriptionState,
    message: 'Pushes off for this browser',
  }),
} as const;

/** The socket event to a person's private room: their unread count changed. */
export const NotificationsChanged = z.object({
  /** The new count (as `unreadNotifications`), or null: ask for it (after a fan-out). */
  unreadCount: z.number().int().nullable(),
});
