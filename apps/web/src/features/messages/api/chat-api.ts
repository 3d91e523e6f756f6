import type { Message } from '@kinora/contract';
import { api } from '../../../lib/api';
import { conversationKeys, fetchConversations } from './conversations-api';

/** The chat page's words: the spec's (signed-in-areas §2, §4, §8) and, where it is silent, ours. */
export const chatText = {
  back: 'Back to Messages',
  untitled: 'Conversation',
  loadingParticipant: 'Loading participant...',
  activeNow: 'Active now',
  live: 'Live',
  connecting: 'Connecting...',
  disconnected: 'Disconnected',
  retry: 'Retry',
  loadingMessages: 'Loading messages...',
  empty: 'No messages yet',
  emptyHint: 'Start the conversation with a friendly message!',
  today: 'Today',
  yesterday: 'Yesterday',
  placeholder: 'Type your message...',
  reconnecting: 'Reconnecting to enable messaging...',
  sendFailed: 'Failed to send message. Try again.',
  // Not in the spec: older pages, the safety menu and the not-found state.
  loadOlder: 'Load older messages',
  loadingOlder: 'Loading older messages...',
  olderFailed: 'Could not load older messages.',
  loadFailed: 'Failed to load messages',
  notFound: 'Conversation not found',
  notFoundHint: 'It does not exist, or you are not part of it.',
  signInTitle: 'Sign in to see your messages',
  actions: 'Conversation actions',
  block: 'Block',
  blockConfirm: (username: string) =>
    `Block ${username}? They will not be able to send you requests or messages, and their messages will be hidden.`,
  blocked: (username: string) => `${username} is blocked`,
  blockFailed: 'Failed to block this user',
  report: 'Report conversation',
  reportReason: 'What is wrong?',
  reportHint: 'Moderators will see the last 50 messages of this conversation.',
  reportSubmit: 'Send report',
  reportSent: 'Report sent. Thank you.',
  reportFailed: 'Failed to send the report',
} as const;

/** The newest messages come 50 at a time; older pages start before the oldest one shown. */
export const MESSAGES_PAGE_SIZE = 50;

/**
 * Query keys of the chat. The conversations list is the hub's own query, so the hub, the chat
 * header and the sidebar's unread total share one request.
 */
export const chatKeys = {
  conversations: conversationKeys.list,
};

export { fetchConversations };

export function fetchMessages(
  conversationId: string,
  options: { before?: string; signal?: AbortSignal } = {},
): Promise<Message[]> {
  return api('conversationMessages', {
    params: { id: conversationId },
    query: { before: options.before, limit: MESSAGES_PAGE_SIZE },
    signal: options.signal,
  });
}

export function sendMessage(conversationId: string, content: string): Promise<Message> {
  return api('sendMessage', { params: { id: conversationId }, body: { content } });
}

export async function markConversationRead(conversationId: string): Promise<void> {
  await api('markConversationRead', { params: { id: conversationId } });
}

export async function blockUser(userId: string): Promise<void> {
  await api('blockUser', { params: { userId } });
}

export async function reportConversation(conversationId: string, reason: string): Promise<void> {
  await api('reportConversation', { params: { id: conversationId }, body: { reason } });
}
