export { NotificationsRepository } from './notifications.repository';
export {
  NotificationsService,
  fanOutBatchSize,
  mentionedUsernames,
  type FanOutBatch,
  type NotificationJobs,
  type NotificationPushes,
} from './notifications.service';
export { PushRepository } from './push.repository';
export { PushService } from './push.service';
export { registerNotificationRoutes } from './notifications.routes';
export { listenForNotifications } from './notifications.listeners';
export { deliverNotificationCounts } from './notifications.deliveries';
export { fanOutVideoJob } from './notifications.jobs';
export { canReadNotification } from './notifications.policy';
