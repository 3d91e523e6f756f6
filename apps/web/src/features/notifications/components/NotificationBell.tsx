import { Link } from 'react-router';

import { cn } from '../../../lib/cn';
import { usePopup } from '../../../lib/use-popup';
import { formatUnread, notificationText, PANEL_SIZE } from '../api/notifications-api';
import { useNotificationPages, useUnreadNotifications } from '../hooks/use-notifications';
import { MarkAllReadButton, NotificationEntries } from './NotificationEntries';
import { BellIcon } from '../icons';

/**
 * The bell of the top bar (phones too): the unread count, live, and a panel of the latest
 * entries that opens under it. Escape or a click outside closes it, focus back on the bell.
 */
export function NotificationBell() {
  const unread = useUnreadNotifications(true);
  const popup = usePopup();

  // The name starts with the count the badge shows (axe: a visible label is part of the name).
  const label = unread > 0 ? `${formatUnread(unread)} unread notifications` : notificationText.bell;
  return (
    <div ref={popup.wrapperRef} className="relative">
      <button
        {...popup.buttonProps}
        type="button"
        aria-label={label}
        title={notificationText.bell}
        onClick={popup.toggle}
        className="relative inline-flex size-9 shrink-0 items-center justify-center rounded-full text-fg transition-colors hover:bg-raised sm:size-10"
      >
        <BellIcon />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-0.5 right-0 min-w-5 rounded-full bg-accent px-1 text-center text-[11px] font-bold leading-5 text-accent-fg"
          >
            {formatUnread(unread)}
          </span>
        ) : null}
      </button>
      {popup.isOpen ? <NotificationPanel id={popup.popupId} onClose={popup.close} /> : null}
    </div>
  );
}

/** The dropdown: the latest entries, 'Mark all as read', and the way to the full page. */
export function NotificationPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const pages = useNotificationPages(PANEL_SIZE);
  const entries = pages.data?.pages[0]?.notifications ?? [];
  return (
    <div
      id={id}
      role="region"
      aria-label={notificationText.heading}
      className={cn(
        'fixed inset-x-2 top-topbar z-40 mt-1 flex max-h-[70vh] flex-col overflow-hidden rounded-lg border border-border bg-surface shadow-lg',
        'sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96',
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
        <h2 className="text-base font-bold">{notificationText.heading}</h2>
        <MarkAllReadButton entries={entries} variant="ghost" />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-1">
        <NotificationEntries entries={entries} pages={pages} onOpened={onClose} compact />
      </div>
      <Link
        to="/notifications"
        onClick={onClose}
        className="border-t border-border px-3 py-2.5 text-center text-sm font-medium text-accent-text hover:bg-raised"
      >
        {notificationText.seeAll}
      </Link>
    </div>
  );
}
