import { sessionMarkerCookie } from '@kinora/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const accessCookie = 'accessToken';
export const refreshCookie = 'refreshToken';

export interface CookieSettings {
  secure: boolean;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

/** httpOnly so scripts cannot read them; SameSite=Lax so other sites cannot post with them. */
export function setSessionCookies(
  reply: FastifyReply,
  tokens: { accessToken: string; refreshToken: string },
  settings: CookieSettings,
): void {
  const base = { httpOnly: true, sameSite: 'lax', secure: settings.secure } as const;
  reply.setCookie(accessCookie, tokens.accessToken, {
    ...base,
    path: '/',
    maxAge: settings.accessTtlSeconds,
  });
  // The refresh token is only ever needed by the session calls.
  reply.setCookie(refreshCookie, tokens.refreshToken, {
    ...base,
    path: '/api/v1/users',
    maxAge: settings.refreshTtlSeconds,
  });
  // Readable by the page, no secret: it only tells the web app to ask who is signed in.
  reply.setCookie(sessionMarkerCookie, '1', {
    httpOnly: false,
    sameSite: 'lax',
    secure: settings.secure,
    path: '/',
    maxAge: settings.refreshTtlSeconds,
  });
}

export function clearSessionCookies(reply: FastifyReply, settings: CookieSettings): void {
  const base = { httpOnly: true, sameSite: 'lax', secure: settings.secure } as const;
  reply.clearCookie(accessCookie, { ...base, path: '/' });
  reply.clearCookie(refreshCookie, { ...base, path: '/api/v1/users' });
  reply.clearCookie(sessionMarkerCookie, { sameSite: 'lax', secure: settings.secure, path: '/' });
}

/** The bearer header wins over the cookie, as the spec's client sends both. */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  return accessTokenFrom(request.headers.authorization, request.cookies);
}

/**
 * The one rule for finding a request's access token, also used before Fastify has parsed the
 * request (the kept answers): given the cookies as @fastify/cookie parses them, it answers
 * what the authenticator will see.
 */
export function accessTokenFrom(
  authorization: string | undefined,
  cookies: Record<string, string | undefined>,
): string | undefined {
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (match) return match[1];
  }
  return cookies[accessCookie] || undefined;
}
