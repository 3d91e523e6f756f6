import { endpoints } from '@kinora/contract';
import { AppError } from '../../platform/http/errors';
import type { Router } from '../../platform/http/router';
import { FailureBudget } from '../../platform/rate-limit/failure-budget';
import { KnownDevices, setSessionCookies } from '../auth';
import { presentCurrentUser, type SignInRouteDeps } from '../users';
import type { TwoFactorService } from './two-factor.service';

/** A wrong code, or a wrong password beside one: what a guesser spends. */
const isWrongGuess = (error: unknown) =>
  error instanceof AppError &&
  (error.code === 'INVALID_CREDENTIALS' ||
    (error.fieldErrors ?? []).some((f) => f.field === 'code' || f.field === 'password'));

export function registerTwoFactorRoutes(
  router: Router,
  deps: SignInRouteDeps & { twoFactor: TwoFactorService },
): void {
  const { twoFactor, users, storage, cookies } = deps;
  const knownDevices = new KnownDevices(deps.deviceCookieSecret, { secure: cookies.secure });
  // Codes are guessed per person, from however many addresses: five wrong ones per quarter
  // hour (three steps of a million codes each), whichever call they come through.
  const guesses = new FailureBudget(deps.limitStore, {
    name: 'two-factor-guesses',
    max: 5,
    windowMs: 15 * 60_000,
    counts: isWrongGuess,
    message: 'Too many wrong codes for this account',
  });

  router.route(endpoints.completeTwoFactorLogin, {
    rateLimitPerMinute: deps.authRateLimitPerMinute,
    lenientAuth: true,
    handler: async ({ body, request, reply }) => {
      const userId = await twoFactor.challengedUser(body);
      const { tokens } = await guesses.run(userId, () =>
        twoFactor.completeSignIn({
          ...body,
          userAgent: request.headers['user-agent'] ?? null,
          address: request.ip,
        }),
      );
      const user = await users.getUser({ userId });
      setSessionCookies(reply, tokens, cookies);
      knownDevices.remember(reply, user.email);
      return { user: presentCurrentUser(user, storage), accessToken: tokens.accessToken };
    },
  });

  router.route(endpoints.twoFactorStatus, {
    rateLimitPerMinute: 60,
    handler: ({ actor }) => twoFactor.status({ actor }),
  });

  router.route(endpoints.startTwoFactorSetup, {
    rateLimitPerMinute: 30,
    handler: ({ actor }) => twoFactor.startSetup({ actor }),
  });

  router.route(endpoints.enableTwoFactor, {
    rateLimitPerMinute: 30,
    handler: async ({ actor, body }) => ({
      recoveryCodes: await guesses.run(actor.userId, () =>
        twoFactor.enable({ actor, code: body.code }),
      ),
    }),
  });

  router.route(endpoints.disableTwoFactor, {
    rateLimitPerMinute: 30,
    handler: async ({ actor, body }) => {
      await guesses.run(actor.userId, () => twoFactor.disable({ actor, ...body }));
      return {};
    },
  });
}
