import type { FastifyInstance } from 'fastify';
import { base32Decode, totp } from '../src/platform/auth/totp';
import { expectOk } from './api-client';
import { registerUser, type RegisteredUser } from './factories';

export interface TwoFactorAccount extends RegisteredUser {
  /** The authenticator secret, as an app holds it. */
  secret: Buffer;
  recoveryCodes: string[];
}

/** The code an authenticator app shows for this secret at `nowMs`. */
export const appCode = (secret: Buffer, nowMs = Date.now()) => totp(secret, nowMs);

/**
 * A new account with two-factor sign-in turned on through the real endpoints, the way a person
 * does it: setup, the app's first code, the recovery codes kept.
 */
export async function registerWithTwoFactor(app: FastifyInstance): Promise<TwoFactorAccount> {
  const user = await registerUser(app);
  const setup = await expectOk(app, 'startTwoFactorSetup', { as: user });
  const secret = base32Decode(setup.secret);
  // The first code spends the current step; later sign-ins use the next step's code.
  const { recoveryCodes } = await expectOk(app, 'enableTwoFactor', {
    as: user,
    body: { code: appCode(secret, Date.now() - 30_000) },
  });
  return { ...user, secret, recoveryCodes };
}
