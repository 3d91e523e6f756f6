/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and one-time recovery codes.
 * Spread into `endpoints`.
 */
import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { Empty } from './envelope';
import { LoginResult } from './users';

/** Recovery codes handed out when two-factor sign-in is turned on; each works once. */
export const recoveryCodeCount = 10;

/** Six digits from the app (spaces allowed, as apps show them), or a recovery code. */
export const TwoFactorCode = z
  .string({ message: 'Enter the code from your authenticator app' })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        /^(\d{6}|[a-z0-9]{10})$/,
        'Enter the 6-digit code from your authenticator app, or a recovery code',
      ),
  );

/** Six digits from the app only (turning two-factor sign-in on proves the app works). */
export const AuthenticatorCode = z
  .string({ message: 'Enter the code from your authenticator app' })
  .trim()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left (0 while off). */
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorSetup = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** otpauth://totp/... for the QR code. */
  otpauthUri: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

export const EnableTwoFactorBody = z.object({ code: AuthenticatorCode });
export type EnableTwoFactorBody = z.infer<typeof EnableTwoFactorBody>;

export const RecoveryCodes = z.object({
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const DisableTwoFactorBody = z.object({
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required'),
  code: TwoFactorCode,
});
export type DisableTwoFactorBody = z.infer<typeof DisableTwoFactorBody>;

/** A signed challenge token: three base64url parts (a JWT), of bounded length. */
export const ChallengeToken = z
  .string({ message: 'Sign in again' })
  .max(1000, 'Sign in again')
  .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'Sign in again');

export const CompleteTwoFactorLoginBody = z.object({
  challengeToken: ChallengeToken,
  code: TwoFactorCode,
});
export type CompleteTwoFactorLoginBody = z.infer<typeof CompleteTwoFactorLoginBody>;

/**
 * What a 401 `TWO_FACTOR_REQUIRED` from login carries in the error envelope's `data`: the
 * password was right, and the code goes to `completeTwoFactorLogin` with this token.
 */
export const TwoFactorChallenge = z.object({
  challengeToken: z.string(),
  expiresInSeconds: z.number().int().positive(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

export const twoFactorEndpoints = {
  completeTwoFactorLogin: {
    method: 'POST',
    path: '/users/login/two-factor',
    summary:
      'Second step of signing in with two-factor on: the challenge login answered and a code (app or recovery); sets session cookies',
    tag: 'users',
    access: 'public',
    body: CompleteTwoFactorLoginBody,
    response: LoginResult,
    message: 'Logged in',
  },
  twoFactorStatus: {
    method: 'GET',
    path: '/users/two-factor',
    summary: 'Whether two-factor sign-in is on, and recovery codes left',
    tag: 'users',
    access: 'user',
    response: TwoFactorStatus,
    message: 'Two-factor sign-in',
  },
  startTwoFactorSetup: {
    method: 'POST',
    path: '/users/two-factor/setup',
    summary: 'A new authenticator secret to confirm (two-factor stays off until confirmed)',
    tag: 'users',
    access: 'user',
    response: TwoFactorSetup,
    message: 'Scan the code with your authenticator app, then enter the code it shows',
  },
  enableTwoFactor: {
    method: 'POST',
    path: '/users/two-factor/enable',
    summary: 'Turn two-factor sign-in on with a code from the app; answers recovery codes once',
    tag: 'users',
    access: 'user',
    body: EnableTwoFactorBody,
    response: RecoveryCodes,
    message: 'Two-factor sign-in is on',
  },
  disableTwoFactor: {
    method: 'POST',
    path: '/users/two-factor/disable',
    summary: 'Turn two-factor sign-in off (password and a code)',
    tag: 'users',
    access: 'user',
    body: DisableTwoFactorBody,
    response: Empty,
    message: 'Two-factor sign-in is off',
  },
} as const satisfies Record<string, Endpoint>;
