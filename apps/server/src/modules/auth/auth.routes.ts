import { endpoints } from '@kinora/contract';
import { parseRefreshToken } from '../../platform/auth/tokens';
import type { Router } from '../../platform/http/router';
import type { AuthService } from './auth.service';
import {
  clearSessionCookies,
  refreshCookie,
  setSessionCookies,
  type CookieSettings,
} from './session-cookies';

export function registerAuthRoutes(
  router: Router,
  { auth, cookies }: { auth: AuthService; cookies: CookieSettings },
): void {
  router.route(endpoints.refreshToken, {
    message: 'Session refreshed',
    rateLimitPerMinute: 60,
    lenientAuth: true,
    handler: async ({ body, request, reply }) => {
      const issued = await auth.refreshSession({
        refreshToken: body?.refreshToken ?? request.cookies[refreshCookie],
      });
      setSessionCookies(reply, issued, cookies);
      return { accessToken: issued.accessToken };
    },
  });

  router.route(endpoints.logout, {
    message: 'Logged out',
    lenientAuth: true,
    handler: async ({ actor, request, reply }) => {
      // Works with either credential, and answers success even when the session is gone.
      const sessionId =
        actor?.sessionId ?? parseRefreshToken(request.cookies[refreshCookie] ?? '')?.sessionId;
      if (sessionId) await auth.endSession({ sessionId });
      clearSessionCookies(reply, cookies);
      return {};
    },
  });

  router.route(endpoints.changePassword, {
    message: 'Password changed',
    rateLimitPerMinute: 10,
    handler: async ({ actor, body }) => {
      await auth.changePassword({ userId: actor.userId, sessionId: actor.sessionId, ...body });
      return {};
    },
  });
}
