import type { Conversation } from '@kinora/contract';
import { api } from '../../../lib/api';

/** The spec's words for the conversation list (signed-in-areas §2, §8). */
export const conversationText = {
  signedOutTitle: 'Messages',
  loading: 'Loading messages',
  signedOutMessage: 'Sign in to read your messages.',
  heading: 'Messages',
  conversationsTab: 'Conversations',
  requestsTab: 'Message Requests',
  selectConversation: 'Select a conversation',
  empty: 'No conversations yet',
  loadFailed: 'Failed to load conversations',
  retry: 'Retry',
} as const;

export const conversationKeys = {
  /** Every conversation query; invalidate this after anything that changes the list. */
  all: ['messages', 'conversations'] as const,
  list: ['messages', 'conversations', 'list'] as const,
};

/** Where a conversation's chat lives. */
export const conversationPath = (conversationId: string) =>
  `/messages/conversations/${encodeURIComponent(conversationId)}`;

/** The signed-in person's conversations, most recent first, each with its unread count. */
export function fetchConversations(signal?: AbortSignal): Promise<Conversation[]> {
  return api('listConversations', { signal });
}
