import { Button } from '../../../components/Button';
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
import { NotificationEntries } from './NotificationEntries';

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
        <NotificationEntries
          entries={entries}
          isPending={pages.isPending}
          isError={pages.isError}
          onRetry={() => void pages.refetch()}
          onOpen={(opened) => {
            if (!opened.isRead) markRead.mutate(opened._id);
          }}
        />
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
