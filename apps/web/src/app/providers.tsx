import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast';
import { VideoCardExtrasProvider } from '../components/video-card-extras';
import { ChatSocketProvider } from '../features/messages/socket';
import { useSessionSync } from '../lib/auth';
import { ThemeProvider } from '../lib/theme';
import { useCacheLinks } from './cache-links';
import { appVideoCardExtras } from './video-card-extras';

function SessionSync() {
  useSessionSync();
  useCacheLinks();
  return null;
}

/**
 * Everything a screen may rely on: data cache, session, theme, toasts, the chat socket, and what
 * the features add to video cards (Watch later, the part watched).
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
            <VideoCardExtrasProvider extras={appVideoCardExtras}>
              {children}
            </VideoCardExtrasProvider>
          </ChatSocketProvider>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
