import type { Notification, NotificationPage } from '@kinora/contract';
import type { FeedPage } from '../../platform/db/keyset';
import type { Storage } from '../../platform/storage/storage';
import { presentChannelSummary } from '../users';
import type { NotificationRow } from './notifications.repository';

export function presentNotification(n: NotificationRow, storage: Storage): Notification {
  return {
    _id: n.id,
    kind: n.kind,
    actor: presentChannelSummary(n.actor, storage),
    othersCount: Math.max(0, n.actorTotal - 1),
    video: n.videoId && n.videoTitle !== null ? { _id: n.videoId, title: n.videoTitle } : null,
    comment:
      n.commentId && n.commentContent !== null
        ? { _id: n.commentId, content: n.commentContent, parentId: n.commentParentId }
        : null,
    tweet:
      n.tweetId && n.tweetContent !== null ? { _id: n.tweetId, content: n.tweetContent } : null,
    conversationId: n.conversationId,
    ...(n.kind === 'report_handled' ? { reportOutcome: n.reportOutcome } : {}),
    isRead: n.readAt !== null,
    createdAt: n.updatedAt.toISOString(),
  };
}

export function presentNotificationPage(
  page: FeedPage<NotificationRow>,
  storage: Storage,
): NotificationPage {
  return {
    notifications: page.records.map((n) => presentNotification(n, storage)),
    nextCursor: page.nextCursor,
  };
}
