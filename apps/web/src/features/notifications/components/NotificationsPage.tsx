import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { notificationText, PAGE_SIZE } from '../api/notifications-api';
import { useNotificationPages } from '../hooks/use-notifications';
import { MarkAllReadButton, NotificationEntries } from './NotificationEntries';

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
  const entries = pages.data?.pages.flatMap((p) => p.notifications) ?? [];
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {notificationText.heading}
        </h1>
        <MarkAllReadButton entries={entries} variant="secondary" />
      </div>
      <div className="mt-6 rounded-lg border border-border bg-surface p-1">
        <NotificationEntries entries={entries} pages={pages} />
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
