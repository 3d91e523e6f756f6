import type { ServerSocketEvents } from '@kinora/contract';
import { createContext, useContext, type ReactNode } from 'react';

export type NotificationsChanged = ServerSocketEvents['notifications_changed'];
/** Hears `notifications_changed` on the tab's socket; answers the function that stops. */
export type SubscribeToNotifications = (
  handler: (payload: NotificationsChanged) => void,
) => () => void;

const LiveContext = createContext<SubscribeToNotifications | null>(null);

/**
 * Where live counts come from: the app hands in the chat socket's `notifications_changed`
 * (features do not import each other); null while no socket is open.
 */
export function NotificationsLiveProvider({
  subscribe,
  children,
}: {
  subscribe: SubscribeToNotifications | null;
  children: ReactNode;
}) {
  return <LiveContext value={subscribe}>{children}</LiveContext>;
}

export function useNotificationsLive(): SubscribeToNotifications | null {
  return useContext(LiveContext);
}
