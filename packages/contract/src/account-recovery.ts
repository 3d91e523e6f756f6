/**
 * Forgotten passwords: a reset link sent by email (or printed by the administrator's
 * `npm run user:reset-link`), and the reset it opens. Spread into `endpoints`.
 */
import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { Empty } from './envelope';
import { Email, Password } from './users';

/** What the forgot-password page may offer on this server. */
export const PasswordResetOptions = z.object({
  /** False when the server sends no mail (no SMTP_URL): the page says to ask the administrator. */
  byEmail: z.boolean(),
});
export type PasswordResetOptions = z.infer<typeof PasswordResetOptions>;

export const RequestPasswordResetBody = z.object({ email: Email });
export type RequestPasswordResetBody = z.infer<typeof RequestPasswordResetBody>;

/** The token of a reset link: 32 random bytes in base64url (43 characters). */
export const ResetToken = z
  .string({ message: 'This reset link is not valid' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This reset link is not valid');

export const ResetPasswordBody = z.object({
  token: ResetToken,
  /** The rules of registration. */
  newPassword: Password,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** The answer to a request, whether or not an account uses the address. */
export const passwordResetRequestedMessage =
  'If an account uses this email, a link to reset its password is on its way. It works once, within an hour.';

export const passwordResetEndpoints = {
  passwordResetOptions: {
    method: 'GET',
    path: '/users/password-reset',
    summary: 'Whether this server sends password reset links by email',
    tag: 'users',
    access: 'public',
    response: PasswordResetOptions,
    message: 'Password reset',
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/users/password-reset/request',
    summary:
      'Email a single-use reset link valid for an hour; the same answer whether or not the email has an account',
    tag: 'users',
    access: 'public',
    body: RequestPasswordResetBody,
    response: Empty,
    message: passwordResetRequestedMessage,
  },
  resetPassword: {
    method: 'POST',
    path: '/users/password-reset',
    summary: 'Set a new password with a reset link; every session of the account ends',
    tag: 'users',
    access: 'public',
    body: ResetPasswordBody,
    response: Empty,
    message: 'Your password is changed. Sign in with it.',
  },
} as const satisfies Record<string, Endpoint>;
