import type { Notification } from '@kinora/contract';
import type { ReactNode } from 'react';
import { Button } from '../../../components/Button';

import { notificationText } from '../api/notifications-api';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../hooks/use-notifications';
import { NotificationItem } from './NotificationItem';
import { BellIcon } from '../icons';

/**
 * 'Mark all as read' over entries shown: disabled when none is unread or while it is asked.
 */
export function MarkAllReadButton({
  entries,
  variant,
}: {
  entries: Notification[];
  variant: 'ghost' | 'secondary';
}) {
  const markAll = useMarkAllNotificationsRead();
  return (
    <Button
      variant={variant}
      size="sm"
      disabled={!entries.some((n) => !n.isRead) || markAll.isPending}
      onClick={() => markAll.mutate()}
    >
      {notificationText.markAll}
    </Button>
  );
}

/**
 * The entries as the panel and the page show them, with their loading, failure and empty
 * states; an unread entry opened is marked read.
 */
export function NotificationEntries({
  entries,
  pages,
  onOpened,
  compact = false,
}: {
  entries: Notification[];
  pages: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** After an entry is followed (the panel closes). */
  onOpened?: () => void;
  compact?: boolean;
}): ReactNode {
  const markRead = useMarkNotificationRead();
  const { isPending, isError } = pages;
  const onRetry = () => void pages.refetch();
  const onOpen = (opened: Notification) => {
    if (!opened.isRead) markRead.mutate(opened._id);
    onOpened?.();
  };
  if (isPending) {
    return (
      <ul aria-label="Loading notifications">
        {Array.from({ length: compact ? 3 : 5 }, (_, i) => (
          <li key={i} className="flex gap-3 px-3 py-3">
            <span className="size-8 animate-pulse rounded-full bg-raised" />
            <span className="h-4 flex-1 animate-pulse rounded bg-raised" />
          </li>
        ))}
      </ul>
    );
  }
  if (isError) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm">
        <p className="text-fg-muted">{notificationText.loadFailed}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {notificationText.retry}
        </Button>
      </div>
    );
  }
  if (entries.length === 0) {
    return (
      <div className="flex flex-col items-center gap-1 px-4 py-10 text-center">
        <BellIcon className="text-fg-muted" />
        <p className="mt-1 font-medium text-fg">{notificationText.empty}</p>
        <p className="text-sm text-fg-muted">{notificationText.emptyHint}</p>
      </div>
    );
  }
  return (
    <ul>
      {entries.map((n) => (
        <NotificationItem key={n._id} notification={n} compact={compact} onOpen={onOpen} />
      ))}
    </ul>
  );
}
