// What other screens show of notifications: the bell, the page, the settings section, and
// where the live count comes from (the app passes the chat socket's event in).
export { NotificationBell, NotificationPanel } from './components/NotificationBell';
export { NotificationsPage } from './components/NotificationsPage';
export { NotificationSettingsSection } from './components/NotificationSettingsSection';
export { NotificationsLiveProvider, type SubscribeToNotifications } from './live';
export { notificationKeys, notificationQueries } from './api/notifications-api';
export { useUnreadNotifications } from './hooks/use-notifications';
