import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { apiBase, getAccessToken, renewAccessToken } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import {
  createChatConnection,
  type ChatConnection,
  type ChatConnectionStatus,
} from './chat-connection';
import { useLiveRequests } from './use-live-requests';

const ChatSocketContext = createContext<ChatConnection | null>(null);

/** The API's origin: the socket lives on the host that answers `/api/v1` (§7). */
export function chatSocketUrl(): string {
  return new URL(apiBase(), window.location.href).origin;
}

/**
 * Holds the tab's one chat connection while someone is signed in: opened at sign-in, closed at
 * sign-out, and replaced when another person signs in. Its request events keep the tab's
 * requests and conversations current wherever they are shown.
 */
export function ChatSocketProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.user._id : null;
  // Creating does not connect; the effect below opens and closes it.
  const connection = useMemo(
    () =>
      userId
        ? createChatConnection({
            url: chatSocketUrl(),
            getToken: getAccessToken,
            renewToken: renewAccessToken,
          })
        : null,
    [userId],
  );
  useEffect(() => {
    if (!connection) return;
    connection.open();
    return () => connection.close();
  }, [connection]);
  useLiveRequests(connection);
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
