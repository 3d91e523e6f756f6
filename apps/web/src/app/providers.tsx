import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast';
import { ChatSocketProvider } from '../features/messages/socket';
import { useSessionSync } from '../lib/auth';
import { ThemeProvider } from '../lib/theme';

function SessionSync() {
  useSessionSync();
  return null;
}

/** Everything a screen may rely on: data cache, session, theme, toasts and the chat socket. */
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
          <ChatSocketProvider>{children}</ChatSocketProvider>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
