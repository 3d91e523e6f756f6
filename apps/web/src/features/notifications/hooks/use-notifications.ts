import type { UnreadNotifications } from '@kinora/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  notificationQueries,
} from '../api/notifications-api';
import { useNotificationsLive } from '../live';

/** A new count from the server: the bell shows it, and lists read again when next shown. */
function applyUnread(queryClient: QueryClient, answer: UnreadNotifications) {
  queryClient.setQueryData(notificationKeys.unread, answer);
  void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
}

/**
 * The signed-in person's unread count: read once, then kept current by the socket's
 * `notifications_changed` (a count, or null after a fan-out: then it is asked for).
 */
export function useUnreadNotifications(isSignedIn: boolean): number {
  const queryClient = useQueryClient();
  const subscribe = useNotificationsLive();
  const unread = useQuery({ ...notificationQueries.unread(), enabled: isSignedIn });
  useEffect(() => {
    if (!subscribe || !isSignedIn) return;
    return subscribe(({ unreadCount }) => {
      if (unreadCount === null) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      } else {
        applyUnread(queryClient, { unreadCount });
      }
    });
  }, [subscribe, isSignedIn, queryClient]);
  return isSignedIn ? (unread.data?.unreadCount ?? 0) : 0;
}

/** A page at a time, newest first. */
export function useNotificationPages(limit: number, enabled = true) {
  return useInfiniteQuery({ ...notificationQueries.pages(limit), enabled });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (answer) => applyUnread(queryClient, answer),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (answer) => applyUnread(queryClient, answer),
  });
}
