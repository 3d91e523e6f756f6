import type { Notification } from '@kinora/contract';
import type { ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { BellIcon } from '../../../components/icons';
import { notificationText } from '../api/notifications-api';
import { NotificationItem } from './NotificationItem';

/** The entries as the panel and the page show them, with their loading, failure and empty states. */
export function NotificationEntries({
  entries,
  isPending,
  isError,
  onRetry,
  onOpen,
  compact = false,
}: {
  entries: Notification[];
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  onOpen: (n: Notification) => void;
  compact?: boolean;
}): ReactNode {
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
