import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { AccessTokens } from '../../platform/auth/tokens';
import type { CallerIdentity } from '../../platform/http/anonymous-cache';
import { AppError } from '../../platform/http/errors';
import type { Actor, Authenticator } from '../../platform/http/router';
import type { AuthService } from './auth.service';
import type { SessionCache } from './session-cache';
import { accessTokenFrom, accessTokenOf } from './session-cookies';

/** A request without a `Cookie` header's cookies: one object for all of them. */
const noCookies: Readonly<Record<string, string | undefined>> = Object.freeze({});

/**
 * A request is a visitor's when it carries no token. A token that is forged, expired or
 * belongs to an ended session throws a 401 error; the router turns it into a visitor on public
 * calls (with X-Auth-Status) and refuses it on calls that need a user (decision 0004).
 */
export class SessionAuthenticator implements Authenticator {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly auth: AuthService,
    private readonly sessions: SessionCache,
  ) {}

  async authenticate(request: FastifyRequest): Promise<Actor | null> {
    const token = accessTokenOf(request);
    if (!token) return null;
    return this.sessions.actorOf(token, () => this.check(token));
  }

  /**
   * The actor of a raw access token, as a request carrying it would be seen (the chat socket's
   * handshake, where there are no headers to read). Throws the same 401 errors.
   */
  async authenticateToken(token: string): Promise<Actor> {
    return this.sessions.actorOf(token, () => this.check(token));
  }

  /**
   * Who is calling, from the raw headers and without waiting (the kept answers, before Fastify
   * parses the request): a visitor, a person whose token was checked moments ago, or someone
   * only `authenticate` can tell. `parseCookie` is the app's own cookie parser, so the token
   * found is the one `authenticate` will find.
   */
  identify(
    headers: IncomingHttpHeaders,
    parseCookie: (header: string) => Record<string, string | undefined>,
  ): CallerIdentity {
    const token = accessTokenFrom(
      headers.authorization,
      headers.cookie ? parseCookie(headers.cookie) : noCookies,
    );
    if (!token) return { kind: 'visitor' };
    const actor = this.sessions.peek(token);
    return actor ? { kind: 'signed-in', actor } : { kind: 'unchecked' };
  }

  /**
   * Who is calling, as `authenticate` sees it, for the kept answers' hook: a token not checked
   * moments ago is checked now (one indexed read), and a bad one is left to `authenticate`.
   */
  async identifyRequest(request: FastifyRequest): Promise<CallerIdentity> {
    const token = accessTokenOf(request);
    if (!token) return { kind: 'visitor' };
    try {
      return {
        kind: 'signed-in',
        actor: await this.sessions.actorOf(token, () => this.check(token)),
      };
    } catch {
      return { kind: 'unchecked' };
    }
  }

  private async check(token: string): Promise<Actor> {
    const claims = await this.tokens.verify(token);
    const role = await this.auth.activeSessionRole(claims);
    if (!role) throw new AppError('SESSION_REVOKED', 'Your session has ended; sign in again');
    return { ...claims, role };
  }
}
