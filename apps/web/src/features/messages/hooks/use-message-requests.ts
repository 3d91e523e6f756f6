import type { MessageRequestCheck, RespondToRequestBody } from '@kinora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  checkMessageRequest,
  fetchMessageRequests,
  requestKeys,
  respondToMessageRequest,
  sendMessageRequest,
} from '../api/requests-api';
import { conversationKeys } from '../api/conversations-api';

/** Where the signed-in person stands with a creator: none, pending or accepted. */
export function useMessageRequestCheck(receiverId: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: requestKeys.check(receiverId),
    queryFn: ({ signal }) => checkMessageRequest(receiverId, signal),
    enabled: options.enabled,
  });
}

/**
 * Sends a request. Whatever the answer (sent, or refused because one is pending or a
 * conversation exists), the standing with that person is read again.
 */
export function useSendMessageRequest(receiverId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => sendMessageRequest(receiverId, content),
    onSuccess: () => {
      queryClient.setQueryData<MessageRequestCheck>(requestKeys.check(receiverId), {
        status: 'pending',
        conversationId: null,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.check(receiverId) }),
  });
}

/** Pending requests to the signed-in person, newest first. */
export function useIncomingRequests() {
  return useQuery({
    queryKey: requestKeys.incoming,
    queryFn: ({ signal }) => fetchMessageRequests(signal),
  });
}

/** Accept or decline; the list (and the conversations, which an accept adds to) reload after. */
export function useRespondToRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: RespondToRequestBody['action'] }) =>
      respondToMessageRequest(id, action),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.incoming }),
        queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
      ]),
  });
}
