import type { Notification } from '@kinora/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/format';
import { notificationText } from '../api/notifications-api';
import { notificationExcerpt, notificationLink, notificationSentence } from '@kinora/contract';

/** One entry: who, what, when, linking to the thing; unread ones marked by a dot and tint. */
export function NotificationItem({
  notification: n,
  onOpen,
  compact = false,
}: {
  notification: Notification;
  /** Called as the link is followed (marks it read, closes the panel). */
  onOpen: (n: Notification) => void;
  compact?: boolean;
}) {
  const excerpt = notificationExcerpt(n);
  return (
    <li>
      <Link
        to={notificationLink(n)}
        onClick={() => onOpen(n)}
        className={cn(
          'flex gap-3 rounded-md px-3 py-3 text-sm transition-colors hover:bg-raised',
          !n.isRead && 'bg-accent-soft/60',
        )}
      >
        <Avatar src={n.actor.avatar} name={n.actor.username} size="sm" />
        <span className="min-w-0 flex-1">
          <span className={cn('block text-fg', !n.isRead && 'font-semibold')}>
            {notificationSentence(n)}
          </span>
          {excerpt ? (
            <span
              className={cn(
                'mt-0.5 block text-fg-muted',
                compact ? 'line-clamp-1' : 'line-clamp-2',
              )}
            >
              “{excerpt}”
            </span>
          ) : null}
          <span className="mt-0.5 block text-xs text-fg-muted">
            {formatRelativeTime(n.createdAt)}
          </span>
        </span>
        {n.isRead ? null : (
          <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-accent">
            <span className="sr-only">{notificationText.unread}</span>
          </span>
        )}
      </Link>
    </li>
  );
}
