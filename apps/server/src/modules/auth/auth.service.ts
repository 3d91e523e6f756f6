import { AppError } from '../../platform/http/errors';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { UserRole } from '../../platform/auth/roles';
import {
  formatRefreshToken,
  hashRefreshSecret,
  newRefreshSecret,
  parseRefreshToken,
  refreshSecretMatches,
  type AccessTokens,
} from '../../platform/auth/tokens';
import type { AuthRepository } from './auth.repository';

export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
const sessionRevoked = () =>
  new AppError('SESSION_REVOKED', 'Your session has ended; sign in again');

export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly tokens: AccessTokens,
    private readonly refreshTtlSeconds: number,
  ) {}

  hashPassword(password: string): Promise<string> {
    return hashPassword(password);
  }

  /** One answer for an unknown email and a wrong password, in about the same time. */
  async verifyCredentials({
    email,
    password,
  }: {
    email: string;
    password: string;
  }): Promise<string> {
    const found = await this.repo.findCredentialsByEmail(email);
    const ok = await verifyPassword(found?.passwordHash ?? null, password);
    if (!found || !ok) throw invalidCredentials();
    return found.userId;
  }

  async startSession({
    userId,
    userAgent,
  }: {
    userId: string;
    userAgent: string | null;
  }): Promise<IssuedTokens> {
    const secret = newRefreshSecret();
    const sessionId = await this.repo.createSession({
      userId,
      refreshTokenHash: hashRefreshSecret(secret),
      userAgent: userAgent?.slice(0, 300) ?? null,
      expiresAt: this.refreshExpiry(),
    });
    return {
      sessionId,
      accessToken: await this.tokens.sign({ userId, sessionId }),
      refreshToken: formatRefreshToken(sessionId, secret),
    };
  }

  /**
   * Rotates the refresh token. Presenting a token that was already rotated away means it was
   * copied: the whole session is revoked, so neither copy works any more.
   */
  async refreshSession({
    refreshToken,
  }: {
    refreshToken: string | undefined;
  }): Promise<IssuedTokens> {
    const parsed = refreshToken ? parseRefreshToken(refreshToken) : null;
    if (!parsed) throw new AppError('UNAUTHENTICATED', 'No valid refresh token was sent');
    const session = await this.repo.findSession(parsed.sessionId);
    if (!session || session.revokedAt !== null || session.expiresAt.getTime() <= Date.now()) {
      throw sessionRevoked();
    }
    if (!refreshSecretMatches(parsed.secret, session.refreshTokenHash)) {
      await this.repo.revokeSession(session.id);
      throw sessionRevoked();
    }
    const secret = newRefreshSecret();
    const rotated = await this.repo.rotateRefreshHash({
      sessionId: session.id,
      expectedHash: session.refreshTokenHash,
      newHash: hashRefreshSecret(secret),
      expiresAt: this.refreshExpiry(),
    });
    // Lost a race with a concurrent refresh of the same token (two tabs): that one won and its
    // cookie is the valid one now; this answer is a plain 401, not a revocation.
    if (!rotated) throw sessionRevoked();
    return {
      sessionId: session.id,
      accessToken: await this.tokens.sign({ userId: session.userId, sessionId: session.id }),
      refreshToken: formatRefreshToken(session.id, secret),
    };
  }

  async isSessionActive(claims: { sessionId: string; userId: string }): Promise<boolean> {
    return this.repo.isSessionActive(claims.sessionId, claims.userId);
  }

  /** The user's role while the session of these claims is active; null once it has ended. */
  async activeSessionRole(claims: { sessionId: string; userId: string }): Promise<UserRole | null> {
    return this.repo.findActiveSessionRole(claims.sessionId, claims.userId);
  }

  async endSession({ sessionId }: { sessionId: string }): Promise<void> {
    await this.repo.revokeSession(sessionId);
  }

  /** A password change signs out every other device of the user. */
  async changePassword(input: {
    userId: string;
    sessionId: string;
    oldPassword: string;
    newPassword: string;
  }): Promise<void> {
    const current = await this.repo.findPasswordHash(input.userId);
    if (!(await verifyPassword(current, input.oldPassword))) {
      throw new AppError('VALIDATION_FAILED', 'The current password is not correct', [
        { field: 'oldPassword', message: 'The current password is not correct' },
      ]);
    }
    await this.repo.setPasswordHash(input.userId, await hashPassword(input.newPassword));
    await this.repo.revokeOtherSessions(input.userId, input.sessionId);
  }

  private refreshExpiry(): Date {
    return new Date(Date.now() + this.refreshTtlSeconds * 1000);
  }
}
