import { createHmac } from 'node:crypto';
import { AppError } from '../../platform/http/errors';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { UserRole } from '../../platform/auth/roles';
import type { DomainEvents } from '../../platform/events/domain-events';
import {
  formatRefreshToken,
  hashRefreshSecret,
  newRefreshSecret,
  parseRefreshToken,
  refreshGenerationOf,
  refreshSecretMatches,
  type AccessClaims,
  type AccessTokens,
} from '../../platform/auth/tokens';
import type { AuthRepository, SessionRow } from './auth.repository';

export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
}

/** What a person signs in with. */
export interface Credentials {
  email: string;
  password: string;
}

/** The device a session is started on, shown to its owner in "Sessions and devices". */
export interface SessionDevice {
  userAgent: string | null;
  /** The network address it signs in from. */
  address?: string | null;
}

/**
 * What a sign-in asks for after a right password: a challenge to answer with a second factor,
 * or null when the account has none.
 */
export interface SecondFactor {
  challengeFor(userId: string): Promise<SignInChallenge | null>;
}

/** A signed, short-lived token that stands for "this person's password was right". */
export interface SignInChallenge {
  challengeToken: string;
  expiresInSeconds: number;
}

export type SignInOutcome =
  { userId: string; tokens: IssuedTokens } | { userId: string; challenge: SignInChallenge };

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
const accountBanned = () =>
  new AppError('ACCOUNT_BANNED', 'This account was banned by a moderator and cannot sign in');
const sessionRevoked = () =>
  new AppError('SESSION_REVOKED', 'Your session has ended; sign in again');
const noValidRefreshToken = () =>
  new AppError('UNAUTHENTICATED', 'No valid refresh token was sent');

/**
 * How long the refresh token just rotated away still answers. Two tabs (or a retried request)
 * refresh with the same token at the same moment; the one that loses must not sign the person
 * out.
 */
const refreshReuseGraceMs = 30_000;
/** How far back an issued refresh token is still recognised as one (and its reuse as theft). */
const recognisedRotations = 1_000;

/**
 * What a presented refresh secret is to its session: the current one, the one it replaced a
 * moment ago, an older one that was issued (so presenting it means it was copied), or nothing
 * this session ever issued.
 */
type RefreshSecretKind = 'current' | 'justRotated' | 'old' | 'unknown';

export class AuthService {
  private readonly rotationKey: Buffer;

  constructor(
    private readonly repo: AuthRepository,
    private readonly tokens: AccessTokens,
    private readonly refreshTtlSeconds: number,
    /** Server secret from which the key that derives each next refresh secret is made. */
    serverSecret: string,
    /** Told when sessions end, so their live connections end with them. */
    private readonly events: DomainEvents,
    /** Asked after a right password whether the account needs a code too (two-factor). */
    private readonly secondFactor: SecondFactor | null = null,
  ) {
    this.rotationKey = createHmac('sha256', serverSecret)
      .update('kinora refresh rotation')
      .digest();
  }

  hashPassword(password: string): Promise<string> {
    return hashPassword(password);
  }

  /** One answer for an unknown email and a wrong password, in about the same time. */
  private async verifyCredentials({ email, password }: Credentials): Promise<string> {
    const found = await this.repo.findCredentialsByEmail(email);
    const ok = await verifyPassword(found?.passwordHash ?? null, password);
    if (!found || !ok) throw invalidCredentials();
    // Told only to whoever knows the password: a ban is no secret from its own account.
    if (found.isBanned) throw accountBanned();
    return found.userId;
  }

  /**
   * Signs a person in with their email and password: the credentials are checked, then a
   * session of its own is started for this device, unless the account asks for a second factor:
   * then the answer is a challenge to complete with the code. Answers whose session it is.
   */
  async signIn({
    email,
    password,
    userAgent,
    address,
  }: Credentials & SessionDevice): Promise<SignInOutcome> {
    const userId = await this.verifyCredentials({ email, password });
    // An account with two-factor sign-in on gets no session until its code is right.
    const challenge = (await this.secondFactor?.challengeFor(userId)) ?? null;
    if (challenge) return { userId, challenge };
    return { userId, tokens: await this.startSession({ userId, userAgent, address }) };
  }

  async startSession({
    userId,
    userAgent,
    address = null,
  }: { userId: string } & SessionDevice): Promise<IssuedTokens> {
    const secret = newRefreshSecret();
    const sessionId = await this.repo.createSession({
      userId,
      refreshTokenHash: hashRefreshSecret(secret),
      userAgent: userAgent?.slice(0, 300) ?? null,
      ipAddress: address?.slice(0, 64) ?? null,
      expiresAt: this.refreshExpiry(),
    });
    return {
      sessionId,
      accessToken: await this.tokens.sign({
        userId,
        sessionId,
        refreshGeneration: refreshGenerationOf(hashRefreshSecret(secret)),
      }),
      refreshToken: formatRefreshToken(sessionId, secret),
    };
  }

  /**
   * Rotates the refresh token. The next secret is derived from the presented one with a server
   * key, so a refresh that lost a race with another one using the same token (two tabs) answers
   * the very pair the winner did, and both tabs keep a working cookie. Presenting a token that
   * was rotated away longer ago means it was copied: the whole session is revoked, so neither
   * copy works any more.
   */
  async refreshSession({
    refreshToken,
    address = null,
  }: {
    refreshToken: string | undefined;
    /** Where the renewal comes from: the session's address shown from now on. */
    address?: string | null;
  }): Promise<IssuedTokens> {
    const parsed = refreshToken ? parseRefreshToken(refreshToken) : null;
    if (!parsed) throw noValidRefreshToken();
    let session = await this.repo.findSession(parsed.sessionId);
    if (!session || !isLive(session)) throw sessionRevoked();
    let kind = this.kindOf(parsed.secret, session);
    const next = this.nextSecret(parsed.secret);
    if (kind === 'current') {
      const rotated = await this.repo.rotateRefreshHash({
        sessionId: session.id,
        expectedHash: session.refreshTokenHash,
        newHash: hashRefreshSecret(next),
        rotatedAt: new Date(),
        expiresAt: this.refreshExpiry(),
        address: address?.slice(0, 64) ?? null,
      });
      if (rotated) return this.issue(session, next);
      // A concurrent refresh rotated first: see what it left (normally this token's successor).
      session = await this.repo.findSession(parsed.sessionId);
      if (!session || !isLive(session)) throw sessionRevoked();
      kind = this.kindOf(parsed.secret, session);
    }
    if (kind === 'justRotated') return this.issue(session, next);
    if (kind === 'old') {
      await this.revokeSessions([session.id]);
      throw sessionRevoked();
    }
    // Never issued by this session (a guess, or a forgery): refused, but it ends nothing.
    throw noValidRefreshToken();
  }

  async isSessionActive(claims: { sessionId: string; userId: string }): Promise<boolean> {
    return this.repo.isSessionActive(claims.sessionId, claims.userId);
  }

  /**
   * The user's role while the session of these claims is active; null once it has ended. An
   * access token issued by the session's last rotation, used for the first time, confirms that
   * its client received that rotation's answer (decision 0036).
   */
  async activeSessionRole(claims: AccessClaims): Promise<UserRole | null> {
    const session = await this.repo.findActiveSession(claims.sessionId, claims.userId);
    if (!session) return null;
    if (
      session.isRotationUnconfirmed &&
      claims.refreshGeneration === refreshGenerationOf(session.refreshTokenHash)
    ) {
      await this.repo.confirmRotation(claims.sessionId, session.refreshTokenHash);
    }
    return session.role;
  }

  async endSession({ sessionId }: { sessionId: string }): Promise<void> {
    await this.revokeSessions([sessionId]);
  }

  /**
   * Signs out with a refresh token: only one this session issued ends it, so knowing a session
   * id (it is readable in any access token) is not enough to sign someone out.
   */
  async endSessionByRefreshToken({ refreshToken }: { refreshToken: string }): Promise<void> {
    const parsed = parseRefreshToken(refreshToken);
    if (!parsed) return;
    const session = await this.repo.findSession(parsed.sessionId);
    if (session && this.kindOf(parsed.secret, session) !== 'unknown') {
      await this.revokeSessions([session.id]);
    }
  }

  /** Signs out every device of the user but `keepSessionId`; answers how many it ended. */
  async endOtherSessions(input: { userId: string; keepSessionId: string }): Promise<number> {
    const ended = await this.repo.revokeOtherSessions(input.userId, input.keepSessionId);
    if (ended.length > 0) this.events.emit('sessions.ended', { sessionIds: ended });
    return ended.length;
  }

  /** Whether this is the account's password (asked again before changing or deleting it). */
  async isPasswordOf({ userId, password }: { userId: string; password: string }): Promise<boolean> {
    return verifyPassword(await this.repo.findPasswordHash(userId), password);
  }

  /** A password change signs out every other device of the user. */
  async changePassword(input: {
    userId: string;
    sessionId: string;
    oldPassword: string;
    newPassword: string;
  }): Promise<void> {
    if (!(await this.isPasswordOf({ userId: input.userId, password: input.oldPassword }))) {
      throw new AppError('VALIDATION_FAILED', 'The current password is not correct', [
        { field: 'oldPassword', message: 'The current password is not correct' },
      ]);
    }
    await this.repo.setPasswordHash(input.userId, await hashPassword(input.newPassword));
    const ended = await this.repo.revokeOtherSessions(input.userId, input.sessionId);
    this.events.emit('sessions.ended', { sessionIds: ended });
  }

  /** Ends every session of the user (a password reset): their sockets end with them. */
  async endAllSessions({ userId }: { userId: string }): Promise<void> {
    const ended = await this.repo.revokeAllSessions(userId);
    this.events.emit('sessions.ended', { sessionIds: ended });
  }

  /** Whether this is the user's password (turning two-factor sign-in off asks for it). */
  async passwordMatches({ userId, password }: { userId: string; password: string }) {
    return verifyPassword(await this.repo.findPasswordHash(userId), password);
  }

  private async revokeSessions(sessionIds: string[]): Promise<void> {
    for (const id of sessionIds) await this.repo.revokeSession(id);
    this.events.emit('sessions.ended', { sessionIds });
  }

  private async issue(session: SessionRow, secret: string): Promise<IssuedTokens> {
    return {
      sessionId: session.id,
      accessToken: await this.tokens.sign({
        userId: session.userId,
        sessionId: session.id,
        refreshGeneration: refreshGenerationOf(hashRefreshSecret(secret)),
      }),
      refreshToken: formatRefreshToken(session.id, secret),
    };
  }

  /** The secret that replaces `secret` when it is rotated. */
  private nextSecret(secret: string): string {
    return createHmac('sha256', this.rotationKey).update(secret).digest('base64url');
  }

  private kindOf(secret: string, session: SessionRow): RefreshSecretKind {
    if (refreshSecretMatches(secret, session.refreshTokenHash)) return 'current';
    // Follow the chain of secrets this one would have been rotated into.
    let later = secret;
    for (let step = 1; step <= recognisedRotations; step++) {
      later = this.nextSecret(later);
      if (refreshSecretMatches(later, session.refreshTokenHash)) {
        // The one before the current token still answers a moment after it was rotated away
        // (two tabs refreshing at once), and for as long as nobody has been seen holding the
        // current one: the answer that carried it may have been lost (a page left mid-refresh,
        // a dropped connection), and its client still holds only this one (decision 0036).
        const justRotated =
          step === 1 &&
          session.rotatedAt !== null &&
          (session.rotationConfirmedAt === null ||
            Date.now() - session.rotatedAt.getTime() <= refreshReuseGraceMs);
        return justRotated ? 'justRotated' : 'old';
      }
    }
    return 'unknown';
  }

  private refreshExpiry(): Date {
    return new Date(Date.now() + this.refreshTtlSeconds * 1000);
  }
}

const isLive = (session: SessionRow) =>
  session.revokedAt === null && session.expiresAt.getTime() > Date.now();
