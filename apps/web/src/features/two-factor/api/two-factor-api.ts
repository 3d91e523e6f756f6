import type { TwoFactorStatus } from '@kinora/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api, endpointQuery } from '../../../lib/api';

/** What the two-factor settings say. */
export const twoFactorText = {
  title: 'Two-factor sign-in',
  intro:
    'Ask for a code from an authenticator app (such as Aegis, Google Authenticator or 1Password) after your password, so a stolen password alone cannot sign in.',
  offStatus: 'Off',
  onStatus: 'On',
  start: 'Set up two-factor sign-in',
  starting: 'Preparing...',
  scan: 'Scan this QR code with your authenticator app.',
  typeInstead: 'Cannot scan? Enter this key in the app instead:',
  confirmLabel: 'Code from the app',
  confirm: 'Turn on',
  confirming: 'Checking...',
  cancel: 'Cancel',
  codesTitle: 'Save your recovery codes',
  codesIntro:
    'Each code signs you in once if you lose your phone. They are shown only now: copy them somewhere safe.',
  copyCodes: 'Copy codes',
  copied: 'Recovery codes copied',
  codesSaved: 'I have saved them',
  codesLeft: (n: number) => `${n} recovery code${n === 1 ? '' : 's'} left.`,
  turnOffTitle: 'Turn off two-factor sign-in',
  turnOffIntro: 'Enter your password and a code from the app (or a recovery code).',
  passwordLabel: 'Password',
  codeLabel: 'Code',
  turnOff: 'Turn off',
  turningOff: 'Turning off...',
  turnedOn: 'Two-factor sign-in is on',
  turnedOff: 'Two-factor sign-in is off',
  loadFailed: 'Failed to load your sign-in settings',
  failed: 'Something went wrong. Try again.',
} as const;

export const twoFactorKeys = {
  root: ['two-factor'] as const,
  status: () => [...twoFactorKeys.root, 'status'] as const,
};

export const twoFactorQueries = {
  status: () => endpointQuery(twoFactorKeys.status(), 'twoFactorStatus'),
};

export const setTwoFactorStatus = (queryClient: QueryClient, status: TwoFactorStatus) =>
  queryClient.setQueryData(twoFactorKeys.status(), status);

export const startTwoFactorSetup = () => api('startTwoFactorSetup');
export const enableTwoFactor = (code: string) => api('enableTwoFactor', { body: { code } });
export const disableTwoFactor = (password: string, code: string) =>
  api('disableTwoFactor', { body: { password, code } });
