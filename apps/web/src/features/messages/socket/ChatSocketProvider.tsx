import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { apiBase, getAccessToken, renewAccessToken } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import type { ChatConnection, ChatConnectionStatus } from './chat-connection';

const ChatSocketContext = createContext<ChatConnection | null>(null);

/** The API's origin: the socket lives on the host that answers `/api/v1` (§7). */
export function chatSocketUrl(): string {
  return new URL(apiBase(), window.location.href).origin;
}

/**
 * Holds the tab's one chat connection while someone is signed in: opened at sign-in, closed at
 * sign-out, and replaced when another person signs in. Its request events keep the tab's
 * requests and conversations current wherever they are shown. The connection's code
 * (socket.io-client) loads when someone signs in, never for a visitor; until it has loaded
 * the connection is null and its status 'connecting'.
 */
export function ChatSocketProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.user._id : null;
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<ChatConnection | null>(null);
  useEffect(() => {
    if (!userId) return;
    let isCurrent = true;
    let opened: { connection: ChatConnection; close(): void } | null = null;
    void import('./open-chat-connection').then(({ openChatConnection }) => {
      if (!isCurrent) return;
      opened = openChatConnection({
        url: chatSocketUrl(),
        getToken: getAccessToken,
        renewToken: renewAccessToken,
        queryClient,
      });
      setConnection(opened.connection);
    });
    return () => {
      isCurrent = false;
      opened?.close();
      setConnection(null);
    };
  }, [userId, queryClient]);
  return <ChatSocketContext.Provider value={connection}>{children}</ChatSocketContext.Provider>;
}

const noSubscription = () => () => undefined;

/** The tab's chat connection (null when signed out) and its status, kept current. */
export function useChatSocket(): {
  connection: ChatConnection | null;
  status: ChatConnectionStatus;
} {
  const connection = useContext(ChatSocketContext);
  const status = useSyncExternalStore(
    connection ? connection.subscribe : noSubscription,
    () => connection?.status() ?? 'connecting',
  );
  return { connection, status };
}
