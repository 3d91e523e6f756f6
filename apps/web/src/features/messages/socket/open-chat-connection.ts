import type { QueryClient } from '@tanstack/react-query';
import { createChatConnection, type ChatConnectionOptions } from './chat-connection';
import { listenForRequestChanges } from './live-requests';

/**
 * Opens a signed-in tab's chat connection and keeps its request events flowing into the cache.
 * Loaded on demand by ChatSocketProvider: socket.io-client and the chat's event handling are
 * not part of a visitor's first load.
 */
export function openChatConnection(options: ChatConnectionOptions & { queryClient: QueryClient }) {
  const connection = createChatConnection(options);
  const stopListening = listenForRequestChanges(connection, options.queryClient);
  connection.open();
  return {
    connection,
    close() {
      stopListening();
      connection.close();
    },
  };
}
