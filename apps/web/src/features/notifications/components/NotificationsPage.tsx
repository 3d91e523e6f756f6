import { Button } from '../../../components/Button';
import { BellIcon } from '../../../components/icons';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { notificationText, PAGE_SIZE } from '../api/notifications-api';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationPages,
} from '../hooks/use-notifications';
import { NotificationItem } from './NotificationItem';

/** /notifications: every entry, newest first, a page at a time, unread marked. */
export function NotificationsPage() {
  useDocumentTitle(notificationText.heading);
  const session = useSession();
  if (session.status === 'loading') return <PageSkeleton label="Loading notifications" />;
  if (session.status === 'signedOut') {
    return <SignInPrompt title="Sign in to see your notifications" />;
  }
  return <NotificationList />;
}

function NotificationList() {
  const pages = useNotificationPages(PAGE_SIZE);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const entries = pages.data?.pages.flatMap((p) => p.notifications) ?? [];
  const hasUnread = entries.some((n) => !n.isRead);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {notificationText.heading}
        </h1>
        <Button
          variant="secondary"
          size="sm"
          disabled={!hasUnread || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {notificationText.markAll}
        </Button>
      </div>
      <div className="mt-6 rounded-lg border border-border bg-surface p-1">
        {pages.isPending ? (
          <ul aria-label="Loading notifications">
            {Array.from({ length: 5 }, (_, i) => (
              <li key={i} className="flex gap-3 px-3 py-3">
                <span className="size-8 animate-pulse rounded-full bg-raised" />
                <span className="h-4 flex-1 animate-pulse rounded bg-raised" />
              </li>
            ))}
          </ul>
        ) : pages.isError ? (
          <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm">
            <p className="text-fg-muted">{notificationText.loadFailed}</p>
            <Button variant="secondary" size="sm" onClick={() => void pages.refetch()}>
              {notificationText.retry}
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <div className="flex flex-col items-center gap-1 px-4 py-12 text-center">
            <BellIcon className="text-fg-muted" />
            <p className="mt-1 font-medium text-fg">{notificationText.empty}</p>
            <p className="text-sm text-fg-muted">{notificationText.emptyHint}</p>
          </div>
        ) : (
          <ul>
            {entries.map((n) => (
              <NotificationItem
                key={n._id}
                notification={n}
                onOpen={(opened) => {
                  if (!opened.isRead) markRead.mutate(opened._id);
                }}
              />
            ))}
          </ul>
        )}
      </div>
      {pages.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <LoadMoreButton
            isLoading={pages.isFetchingNextPage}
            onLoadMore={() => void pages.fetchNextPage()}
          />
        </div>
      ) : null}
    </div>
  );
}
