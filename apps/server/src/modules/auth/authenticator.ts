import type { FastifyRequest } from 'fastify';
import type { AccessTokens } from '../../platform/auth/tokens';
import { AppError } from '../../platform/http/errors';
import type { Actor, Authenticator } from '../../platform/http/router';
import type { AuthService } from './auth.service';
import { accessTokenOf } from './session-cookies';

/**
 * A request is a visitor's when it carries no token. A token that is forged, expired or
 * belongs to an ended session throws a 401 error; the router turns it into a visitor on public
 * calls (with X-Auth-Status) and refuses it on calls that need a user (decision 0004).
 */
export class SessionAuthenticator implements Authenticator {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly auth: AuthService,
  ) {}

  async authenticate(request: FastifyRequest): Promise<Actor | null> {
    const token = accessTokenOf(request);
    if (!token) return null;
    const claims = await this.tokens.verify(token);
    const role = await this.auth.activeSessionRole(claims);
    if (!role) throw new AppError('SESSION_REVOKED', 'Your session has ended; sign in again');
    return { ...claims, role };
  }
}
