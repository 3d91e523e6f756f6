import { useQuery } from '@tanstack/react-query';
import { conversationKeys, fetchConversations } from '../api/conversations-api';

/** The signed-in person's conversations, most recent first. */
export function useConversations() {
  return useQuery({
    queryKey: conversationKeys.list,
    queryFn: ({ signal }) => fetchConversations(signal),
  });
}
