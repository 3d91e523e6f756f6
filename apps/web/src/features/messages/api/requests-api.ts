import {
  messagingRefusals,
  type MessageRequest,
  type MessageRequestCheck,
  type RespondToRequestBody,
} from '@kinora/contract';
import { api } from '../../../lib/api';

/** The spec's words for message requests (core §4, signed-in-areas §4 and §8). */
export const requestText = {
  signedOutTitle: 'Message Requests',
  loading: 'Loading message requests',
  signedOutMessage: 'Sign in to see who asked to message you.',
  signedOut: 'Login to message the creator',
  message: 'Message',
  pending: 'Request Pending',
  goToChat: 'Go to Chat',
  sent: 'Message request sent successfully',
  sendFailed: 'Failed to send message request',
  heading: 'Message Requests',
  accepted: 'Request accepted! You can now chat with this user.',
  declined: 'Request declined.',
  loadFailed: 'Failed to load message requests',
  respondFailed: 'Failed to respond to request',
  empty: 'No message requests',
  ...messagingRefusals,
} as const;

export const requestKeys = {
  all: ['messages', 'requests'] as const,
  /** Pending requests to the signed-in person. */
  incoming: ['messages', 'requests', 'incoming'] as const,
  /** Where the signed-in person stands with one receiver. */
  check: (receiverId: string) => ['messages', 'requests', 'check', receiverId] as const,
};

export function checkMessageRequest(
  receiverId: string,
  signal?: AbortSignal,
): Promise<MessageRequestCheck> {
  return api('checkMessageRequest', { params: { receiverId }, signal });
}

export function sendMessageRequest(receiverId: string, content: string) {
  return api('sendMessageRequest', { body: { receiverId, content } });
}

export function fetchMessageRequests(signal?: AbortSignal): Promise<MessageRequest[]> {
  return api('listMessageRequests', { signal });
}

export function respondToMessageRequest(id: string, action: RespondToRequestBody['action']) {
  return api('respondToMessageRequest', { params: { id }, body: { action } });
}
