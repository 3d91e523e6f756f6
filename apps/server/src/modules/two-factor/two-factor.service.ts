import { createHmac, randomBytes } from 'node:crypto';
import { recoveryCodeCount, type TwoFactorSetup, type TwoFactorStatus } from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import type { SecretBox } from '../../platform/auth/secret-box';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from '../../platform/auth/totp';
import { AppError, badRequest, conflict } from '../../platform/http/errors';
import type { AuthService, IssuedTokens, SessionDevice } from '../auth';
import type { TwoFactorChallenges } from './two-factor-challenges';
import { assertCanCompleteTwoFactorSignIn, assertCanManageTwoFactor } from './two-factor.policy';
import type { TwoFactorRepository } from './two-factor.repository';

/** Letters and digits that cannot be mistaken for one another (no l, o, 0, 1): 32 of them. */
const recoveryAlphabet = 'abcdefghijkmnpqrstuvwxyz23456789';

const wrongCode = (field: string) =>
  badRequest('That code is not right. Check the time on your phone and try again.', [
    { field, message: 'That code is not right' },
  ]);
const wrongSignInCode = () =>
  new AppError('INVALID_CREDENTIALS', 'That code is not right. Try the newest one from your app.');

export class TwoFactorService {
  /** The keys recovery codes' hashes are made with: the current one first, then earlier ones. */
  private readonly codeKeys: Buffer[];

  constructor(
    private readonly repo: TwoFactorRepository,
    private readonly auth: AuthService,
    private readonly challenges: TwoFactorChallenges,
    /** Seals authenticator secrets in the database. */
    private readonly box: SecretBox,
    /**
     * Server secrets from which the keys that hash recovery codes are derived: the current one
     * first (new codes), then earlier ones whose codes are still accepted.
     */
    codeSecrets: readonly string[],
    /** Tests move the clock; the app reads the real one. */
    private readonly now: () => number = Date.now,
  ) {
    this.codeKeys = codeSecrets.map((secret) =>
      createHmac('sha256', secret).update('kinora recovery codes').digest(),
    );
  }

  async status({ actor }: { actor: Viewer }): Promise<TwoFactorStatus> {
    assertCanManageTwoFactor(actor, { userId: actor.userId });
    const enabled = await this.repo.isEnabled(actor.userId);
    return {
      enabled,
      recoveryCodesLeft: enabled ? await this.repo.countUnusedRecoveryCodes(actor.userId) : 0,
    };
  }

  /** A new secret, waiting until a code from the app confirms it; the old one stays until then. */
  async startSetup({ actor }: { actor: Viewer }): Promise<TwoFactorSetup> {
    assertCanManageTwoFactor(actor, { userId: actor.userId });
    const secret = newTotpSecret();
    const saved = await this.repo.savePendingSecret(actor.userId, this.box.seal(secret));
    if (!saved) throw conflict('CONFLICT', 'Two-factor sign-in is on already');
    const account = (await this.repo.findUsername(actor.userId)) ?? actor.userId;
    return {
      secret: base32Encode(secret),
      otpauthUri: otpauthUri({ secret, issuer: 'Kinora', account }),
    };
  }

  /** Turns two-factor sign-in on with a first code; answers the recovery codes, once. */
  async enable({ actor, code }: { actor: Viewer; code: string }): Promise<string[]> {
    assertCanManageTwoFactor(actor, { userId: actor.userId });
    const row = await this.repo.find(actor.userId);
    if (!row) throw conflict('CONFLICT', 'Start setting up two-factor sign-in first');
    if (row.enabledAt) throw conflict('CONFLICT', 'Two-factor sign-in is on already');
    const step = matchTotp(this.box.open(row.secretEncrypted), code, { nowMs: this.now() });
    if (step === null) throw wrongCode('code');
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    const enabled = await this.repo.enable({
      userId: actor.userId,
      step,
      codeHashes: codes.map((c) => this.hashRecoveryCode(c, this.codeKeys[0]!)),
    });
    if (!enabled) throw conflict('CONFLICT', 'Two-factor sign-in is on already');
    return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
  }

  /** Turns it off: the password and a code (app or recovery) both, so a left-open tab cannot. */
  async disable({ actor, password, code }: { actor: Viewer; password: string; code: string }) {
    assertCanManageTwoFactor(actor, { userId: actor.userId });
    if (!(await this.auth.passwordMatches({ userId: actor.userId, password }))) {
      throw badRequest('The password is not correct', [
        { field: 'password', message: 'The password is not correct' },
      ]);
    }
    if (!(await this.repo.isEnabled(actor.userId))) {
      throw conflict('CONFLICT', 'Two-factor sign-in is off already');
    }
    if (!(await this.spendCode(actor.userId, code))) throw wrongCode('code');
    await this.repo.remove(actor.userId);
  }

  /** The person a challenge names (for the guess budget, kept per person). */
  challengedUser({ challengeToken }: { challengeToken: string }): Promise<string> {
    return this.challenges.userOf(challengeToken);
  }

  /** The second step of signing in: the session starts only once the code is right. */
  async completeSignIn(
    input: { challengeToken: string; code: string } & SessionDevice,
  ): Promise<{ userId: string; tokens: IssuedTokens }> {
    const userId = await this.challenges.userOf(input.challengeToken);
    assertCanCompleteTwoFactorSignIn({ twoFactorOn: await this.repo.isEnabled(userId) });
    if (!(await this.spendCode(userId, input.code))) throw wrongSignInCode();
    const tokens = await this.auth.startSession({
      userId,
      userAgent: input.userAgent,
      address: input.address ?? null,
    });
    return { userId, tokens };
  }

  /**
   * Checks a code and spends it: six digits are the app's (a step later than the last one used),
   * anything else a recovery code (each once).
   */
  private async spendCode(userId: string, code: string): Promise<boolean> {
    if (/^\d{6}$/.test(code)) {
      const row = await this.repo.find(userId);
      if (!row?.enabledAt) return false;
      const step = matchTotp(this.box.open(row.secretEncrypted), code, {
        nowMs: this.now(),
        usedStep: row.lastUsedStep,
      });
      return step !== null && (await this.repo.spendStep(userId, step));
    }
    return this.repo.spendRecoveryCode(
      userId,
      this.codeKeys.map((key) => this.hashRecoveryCode(code, key)),
    );
  }

  /**
   * Seals again under the current key every authenticator secret an earlier key sealed (at
   * start), so that the earlier secret can be dropped; answers how many. One that opens under
   * no key is left as it is.
   */
  async resealSecrets(): Promise<number> {
    let resealed = 0;
    for (const row of await this.repo.allSealed()) {
      let sealed: string | null;
      try {
        sealed = this.box.reseal(row.secretEncrypted);
      } catch {
        continue;
      }
      if (sealed === null) continue;
      await this.repo.replaceSealed(row.userId, row.secretEncrypted, sealed);
      resealed += 1;
    }
    return resealed;
  }

  private hashRecoveryCode(code: string, key: Buffer): string {
    return createHmac('sha256', key).update(code).digest('base64url');
  }
}

/** Ten characters of 32 (50 random bits). */
function newRecoveryCode(): string {
  return Array.from(randomBytes(10), (byte) => recoveryAlphabet[byte & 31]).join('');
}
