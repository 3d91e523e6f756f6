import type { AccountExport, BodyOf } from '@kinora/contract';
import { api, endpointQuery } from '../../../lib/api';

/** Account safety (issue 20): the password, where one is signed in, one's data, deletion. */

export const accountKeys = { sessions: ['account', 'sessions'] as const };

export const accountText = {
  passwordHeading: 'Change password',
  passwordChanged: 'Password changed. Your other devices were signed out.',
  passwordFailed: 'Failed to change password',
  passwordsDiffer: 'The new passwords do not match',
  sessionsHeading: 'Sessions and devices',
  sessionsLoadFailed: 'Failed to load your sessions',
  sessionEnded: 'Signed out of that device',
  sessionEndFailed: 'Failed to sign out of that device',
  othersEnded: (n: number) =>
    n === 0
      ? 'No other devices were signed in'
      : `Signed out of ${n} other device${n === 1 ? '' : 's'}`,
  othersEndFailed: 'Failed to sign out of your other devices',
  exportFailed: 'Failed to download your data',
  exportReady: 'Your data is downloading',
  deleteFailed: 'Failed to delete your account',
  deleted: 'Your account has been deleted',
} as const;

export function changePassword(body: BodyOf<'changePassword'>) {
  return api('changePassword', { body });
}

export const accountQueries = {
  /** Where one is signed in (the sessions page). */
  sessions: () => endpointQuery(accountKeys.sessions, 'listSessions'),
};

export function endSession(id: string) {
  return api('endSession', { params: { id } });
}

export function endOtherSessions() {
  return api('endOtherSessions');
}

export function exportAccount(): Promise<AccountExport> {
  return api('exportAccount');
}

export function deleteAccount(password: string) {
  return api('deleteAccount', { body: { password } });
}
