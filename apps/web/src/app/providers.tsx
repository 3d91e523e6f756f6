import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { ToastProvider } from '../components/toast';
import { VideoCardExtrasProvider } from '../components/video-card-extras';
import { ChatSocketProvider, useChatSocket } from '../features/messages/socket';
import {
  NotificationsLiveProvider,
  type SubscribeToNotifications,
} from '../features/notifications';
import { useSessionSync } from '../lib/auth';
import { ThemeProvider } from '../lib/theme';
import { useCacheLinks } from './cache-links';
import { appVideoCardExtras } from './video-card-extras';
import { appModerationExtras } from './moderation-extras';
import { ModerationExtrasProvider } from '../components/moderation-extras';

/** The bell's live count comes from the chat socket's `notifications_changed` (decision 0035). */
function NotificationsLive({ children }: { children: ReactNode }) {
  const { connection } = useChatSocket();
  const subscribe = useMemo<SubscribeToNotifications | null>(
    () => (connection ? (handler) => connection.on('notifications_changed', handler) : null),
    [connection],
  );
  return <NotificationsLiveProvider subscribe={subscribe}>{children}</NotificationsLiveProvider>;
}

function SessionSync() {
  useSessionSync();
  useCacheLinks();
  return null;
}

/**
 * Everything a screen may rely on: data cache, session, theme, toasts, the chat socket, and what
 * the features add to video cards (Watch later, the part watched) and to what may be reported.
 */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionSync />
      <ThemeProvider>
        <ToastProvider>
          <ChatSocketProvider>
            <NotificationsLive>
              <VideoCardExtrasProvider extras={appVideoCardExtras}>
                <ModerationExtrasProvider extras={appModerationExtras}>
                  {children}
                </ModerationExtrasProvider>
              </VideoCardExtrasProvider>
            </NotificationsLive>
          </ChatSocketProvider>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
