import { endpoints } from '@kinora/contract';
import type { Router } from '../../platform/http/router';
import { FailureBudget } from '../../platform/rate-limit/failure-budget';
import type { LimitStore } from '../../platform/rate-limit/limit-store';
import { AppError } from '../../platform/http/errors';
import { clearSessionCookies, type CookieSettings } from '../auth';
import { presentDeviceSession } from './account.presenter';
import type { AccountService } from './account.service';

/**
 * Wrong passwords given to a signed-in account's own checks (changing the password, deleting
 * the account): a few per account per quarter hour, so a borrowed session cannot guess the
 * password at the rate of the per-minute limit.
 */
export function passwordCheckBudget(store: LimitStore): FailureBudget {
  return new FailureBudget(store, {
    name: 'account-password',
    max: 5,
    windowMs: 15 * 60_000,
    counts: (error) =>
      error instanceof AppError &&
      error.code === 'VALIDATION_FAILED' &&
      (error.fieldErrors ?? []).some((f) => f.field === 'password' || f.field === 'oldPassword'),
    message: 'Too many wrong passwords',
  });
}

export function registerAccountRoutes(
  router: Router,
  deps: { account: AccountService; passwordChecks: FailureBudget; cookies: CookieSettings },
): void {
  const { account, passwordChecks } = deps;

  router.route(endpoints.listSessions, {
    handler: async ({ actor }) =>
      (await account.listSessions({ actor })).map((row) =>
        presentDeviceSession(row, actor.sessionId),
      ),
  });

  router.route(endpoints.endSession, {
    rateLimitPerMinute: 30,
    handler: async ({ actor, params }) => ({
      ended: await account.endSession({ actor, sessionId: params.id }),
    }),
  });

  router.route(endpoints.endOtherSessions, {
    rateLimitPerMinute: 30,
    handler: async ({ actor }) => ({ ended: await account.endOtherSessions({ actor }) }),
  });

  router.route(endpoints.exportAccount, {
    // Reading everything one has is the dearest read there is.
    rateLimitPerMinute: 5,
    handler: ({ actor }) => account.exportAccount({ actor }),
  });

  router.route(endpoints.deleteAccount, {
    rateLimitPerMinute: 10,
    handler: async ({ actor, body, reply }) => {
      await passwordChecks.run(actor.userId, () =>
        account.deleteAccount({ actor, password: body.password }),
      );
      // The browser's session cookies name a session that is gone.
      clearSessionCookies(reply, deps.cookies);
      return {};
    },
  });
}
