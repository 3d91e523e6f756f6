import { endpoints } from '@kinora/contract';
import { AppError } from '../../platform/http/errors';
import type { Router } from '../../platform/http/router';
import type { FailureBudget } from '../../platform/rate-limit/failure-budget';
import type { AuthService } from './auth.service';
import {
  clearSessionCookies,
  refreshCookie,
  setSessionCookies,
  type CookieSettings,
} from './session-cookies';

export function registerAuthRoutes(
  router: Router,
  {
    auth,
    cookies,
    passwordChecks,
  }: {
    auth: AuthService;
    cookies: CookieSettings;
    /** Wrong current passwords allowed per account before a wait (the account module's). */
    passwordChecks: FailureBudget;
  },
): void {
  router.route(endpoints.refreshToken, {
    rateLimitPerMinute: 60,
    lenientAuth: true,
    handler: async ({ body, request, reply }) => {
      try {
        const issued = await auth.refreshSession({
          refreshToken: body?.refreshToken ?? request.cookies[refreshCookie],
          address: request.ip,
        });
        setSessionCookies(reply, issued, cookies);
        return { accessToken: issued.accessToken };
      } catch (error) {
        // The session these cookies carry is over: drop them, so a browser stops sending a
        // dead access token (and stops being told to refresh) on every later call.
        if (error instanceof AppError && error.statusCode === 401) {
          clearSessionCookies(reply, cookies);
        }
        throw error;
      }
    },
  });

  router.route(endpoints.logout, {
    lenientAuth: true,
    handler: async ({ actor, request, reply }) => {
      // Either credential proves the session: a valid access token of it (actor), or a refresh
      // token it issued. Success even when neither does, so a client can always sign out here.
      const refreshToken = request.cookies[refreshCookie];
      if (actor) await auth.endSession({ sessionId: actor.sessionId });
      else if (refreshToken) await auth.endSessionByRefreshToken({ refreshToken });
      clearSessionCookies(reply, cookies);
      return {};
    },
  });

  router.route(endpoints.changePassword, {
    rateLimitPerMinute: 10,
    handler: async ({ actor, body }) => {
      await passwordChecks.run(actor.userId, () =>
        auth.changePassword({ userId: actor.userId, sessionId: actor.sessionId, ...body }),
      );
      return {};
    },
  });
}
