import type { MessagePolicy } from '@kinora/contract';
import { api, endpointQuery } from '../../../lib/api';

/** Who may send message requests, and whom the person blocks (issue 13 item 4). */

export const blockedKeys = { list: ['users', 'blocks'] as const };

export const messagingSettingsText = {
  policyLegend: 'Who can send you message requests',
  policySaved: 'Message request settings saved',
  policyFailed: 'Failed to update profile',
  blockedHeading: 'Blocked people',
  blockedEmpty: 'You have not blocked anyone.',
  blockedLoadFailed: 'Failed to load blocked people',
  unblock: 'Unblock',
  unblockFailed: 'Failed to unblock',
} as const;

export const messagePolicyOptions: { value: MessagePolicy; label: string; hint: string }[] = [
  { value: 'everyone', label: 'Everyone', hint: 'Anyone signed in can ask to message you.' },
  {
    value: 'subscriptions',
    label: 'Channels you subscribe to',
    hint: 'Only people whose channels you subscribe to.',
  },
  {
    value: 'nobody',
    label: 'Nobody',
    hint: 'No new requests. Your conversations stay open.',
  },
];

export function updateMessagePolicy(messagePolicy: MessagePolicy) {
  return api('updateDetails', { body: { messagePolicy } });
}

export const blockedQueries = {
  /** The people one blocked (Edit profile's messaging settings). */
  list: () => endpointQuery(blockedKeys.list, 'listBlockedUsers'),
};

export function unblockUser(userId: string) {
  return api('unblockUser', { params: { userId } });
}
