/**
 * The token between the two steps of a sign-in with two-factor on: signed by the server, naming
 * the person whose password was right, valid for five minutes. It is no session: no call but
 * `completeTwoFactorLogin` accepts it (its own key and audience), and the code decides.
 */
import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../platform/http/errors';
import type { SecondFactor, SignInChallenge } from '../auth';
import type { TwoFactorRepository } from './two-factor.repository';

const challengeLifetimeSeconds = 5 * 60;
const audience = 'kinora-two-factor';

export const challengeExpired = () =>
  new AppError('UNAUTHENTICATED', 'This sign-in has expired; enter your password again');

export class TwoFactorChallenges implements SecondFactor {
  private readonly key: Buffer;

  constructor(
    private readonly repo: TwoFactorRepository,
    serverSecret: string,
  ) {
    this.key = createHmac('sha256', serverSecret).update('kinora two-factor challenge').digest();
  }

  async challengeFor(userId: string): Promise<SignInChallenge | null> {
    if (!(await this.repo.isEnabled(userId))) return null;
    const challengeToken = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('kinora')
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${challengeLifetimeSeconds}s`)
      .sign(this.key);
    return { challengeToken, expiresInSeconds: challengeLifetimeSeconds };
  }

  /** The person a challenge names; a 401 when it is expired, forged or not a challenge. */
  async userOf(challengeToken: string): Promise<string> {
    try {
      const { payload } = await jwtVerify(challengeToken, this.key, {
        issuer: 'kinora',
        audience,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string') throw challengeExpired();
      return payload.sub;
    } catch {
      throw challengeExpired();
    }
  }
}
