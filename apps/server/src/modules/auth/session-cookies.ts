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
}

export function clearSessionCookies(reply: FastifyReply, settings: CookieSettings): void {
  const base = { httpOnly: true, sameSite: 'lax', secure: settings.secure } as const;
  reply.clearCookie(accessCookie, { ...base, path: '/' });
  reply.clearCookie(refreshCookie, { ...base, path: '/api/v1/users' });
}

/** The bearer header wins over the cookie, as the spec's client sends both. */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match) return match[1];
  }
  return request.cookies[accessCookie] || undefined;
}
