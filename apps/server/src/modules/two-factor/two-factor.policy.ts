/**
 * Who may change a person's two-factor sign-in: that person alone, staff included ("look, not
 * touch"); turning it off takes the password and a code besides (the service checks them).
 * Who may finish a sign-in: whoever holds a valid challenge of an account whose two-factor is
 * still on, with the right code.
 */
import type { Viewer } from '../../platform/auth/roles';
import { forbidden } from '../../platform/http/errors';
import { challengeExpired } from './two-factor-challenges';

export interface PolicyAccount {
  userId: string;
}

export function canManageTwoFactor(viewer: Viewer | null, account: PolicyAccount): boolean {
  return viewer?.userId === account.userId;
}

export function assertCanManageTwoFactor(viewer: Viewer, account: PolicyAccount): void {
  if (!canManageTwoFactor(viewer, account)) {
    throw forbidden('Only its owner can change how an account signs in');
  }
}

/** A challenge is answered only while two-factor sign-in is still on for its account. */
export function canCompleteTwoFactorSignIn(account: { twoFactorOn: boolean }): boolean {
  return account.twoFactorOn;
}

export function assertCanCompleteTwoFactorSignIn(account: { twoFactorOn: boolean }): void {
  if (!canCompleteTwoFactorSignIn(account)) throw challengeExpired();
}
