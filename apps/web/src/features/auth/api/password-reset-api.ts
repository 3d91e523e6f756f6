import { api, endpointQuery } from '../../../lib/api';

/** What the forgot-password and reset screens say. */
export const passwordResetText = {
  forgotTitle: 'Forgot password?',
  forgotSubtitle:
    'Enter the email of your account and we will send you a link to choose a new password.',
  send: 'Send reset link',
  sending: 'Sending...',
  sentTitle: 'Check your email',
  noEmailTitle: 'Ask your administrator',
  noEmail:
    'This Kinora server does not send email. Ask the person who runs it for a password reset link: they can make one for your email or username.',
  optionsFailed: 'Could not load the password reset options. Try again.',
  requestFailed: 'Could not send the reset link. Try again.',
  resetTitle: 'Choose a new password',
  resetSubtitle: 'Setting a new password signs you out on every device.',
  save: 'Set new password',
  saving: 'Saving...',
  mismatch: 'The passwords do not match',
  resetDone: 'Password changed. Sign in with your new password.',
  resetFailed: 'Could not change the password. Try again.',
  missingToken:
    'This reset link is not complete. Copy the whole link from the mail, or ask for a new one.',
  askAgain: 'Ask for a new link',
  backToSignIn: 'Back to Sign In',
} as const;

export const passwordResetKeys = {
  root: ['password-reset'] as const,
  options: () => [...passwordResetKeys.root, 'options'] as const,
};

export const passwordResetQueries = {
  /** Whether this server mails reset links (no SMTP: ask the administrator). */
  options: () => ({
    ...endpointQuery(passwordResetKeys.options(), 'passwordResetOptions'),
    staleTime: 10 * 60_000,
  }),
};

export const requestPasswordReset = (email: string) =>
  api('requestPasswordReset', { body: { email } });

export const resetPassword = (token: string, newPassword: string) =>
  api('resetPassword', { body: { token, newPassword } });
