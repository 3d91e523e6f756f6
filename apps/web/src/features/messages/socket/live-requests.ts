import type { QueryClient } from '@tanstack/react-query';
import { conversationKeys } from '../api/conversations-api';
import { requestKeys } from '../api/requests-api';
import type { ChatConnection } from './chat-connection';

/**
 * Keeps what the tab shows of message requests current from the private room: a new request
 * to this person reloads their pending list (the requests panel, wherever it is open); their
 * own request accepted elsewhere reloads where they stand with its receiver (the message button
 * turns to 'Go to Chat') and their conversations (the new one appears in the hub). Answers the
 * function that stops listening.
 */
export function listenForRequestChanges(
  connection: ChatConnection,
  queryClient: QueryClient,
): () => void {
  const stopRequests = connection.on('message_request', () => {
    void queryClient.invalidateQueries({ queryKey: requestKeys.incoming });
  });
  const stopAccepted = connection.on('request_accepted', () => {
    void queryClient.invalidateQueries({ queryKey: requestKeys.all });
    void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
  });
  return () => {
    stopRequests();
    stopAccepted();
  };
}
