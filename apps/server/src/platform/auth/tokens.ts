import { createHash, randomBytes, timingSafeEqual, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../http/errors';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  /**
   * Which refresh token of the session was current when this access token was issued (a short
   * prefix of its stored hash; see {@link refreshGenerationOf}). Using the token proves its
   * client received that refresh token. Absent in tokens issued before it existed.
   */
  refreshGeneration?: string | undefined;
}

const issuer = 'kinora';
const audience = 'kinora-api';

export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * The secret imported once as a verifying key: given the raw bytes, jose imports a CryptoKey
   * again on every verification.
   */
  private verifyingKey: Promise<webcrypto.CryptoKey> | undefined;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({
      sid: claims.sessionId,
      ...(claims.refreshGeneration ? { rgen: claims.refreshGeneration } : {}),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Throws TOKEN_EXPIRED for an expired token and UNAUTHENTICATED for anything else wrong. */
  async verify(token: string): Promise<AccessClaims> {
    try {
      this.verifyingKey ??= webcrypto.subtle
        .importKey('raw', this.key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
        .catch((error: unknown) => {
          this.verifyingKey = undefined;
          throw error;
        });
      const { payload } = await jwtVerify(token, await this.verifyingKey, {
        issuer,
        audience,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
        throw new AppError('UNAUTHENTICATED', 'Invalid access token');
      }
      return {
        userId: payload.sub,
        sessionId: payload.sid,
        refreshGeneration: typeof payload.rgen === 'string' ? payload.rgen : undefined,
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new AppError('TOKEN_EXPIRED', 'Your session has expired; sign in again');
      }
      throw new AppError('UNAUTHENTICATED', 'Invalid access token');
    }
  }
}

/**
 * Refresh tokens are `<sessionId>.<secret>`: the id finds the session, the secret proves
 * possession. Only a SHA-256 of the secret is stored.
 */
export function newRefreshSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/**
 * The tag of a refresh token's generation carried by the access tokens issued with it: the
 * first 11 characters of the stored hash (66 bits), which tell generations apart and reveal
 * nothing of the secret.
 */
export function refreshGenerationOf(storedHash: string): string {
  return storedHash.slice(0, 11);
}

export function refreshSecretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashRefreshSecret(secret));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function formatRefreshToken(sessionId: string, secret: string): string {
  return `${sessionId}.${secret}`;
}

export function parseRefreshToken(token: string): { sessionId: string; secret: string } | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? { sessionId: match[1]!, secret: match[2]! } : null;
}
