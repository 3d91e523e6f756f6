import { endpoints } from '@kinora/contract';
import { emptyAfter, type Router } from '../../platform/http/router';
import { rateLimited } from '../../platform/rate-limit/failure-budget';
import type { LimitStore } from '../../platform/rate-limit/limit-store';
import { accountKeyOf } from '../auth';
import type { PasswordResetService } from './password-reset.service';

/** Reset mails one address may be sent per hour, whoever asks (counted for unknown ones too). */
const mailsPerEmailPerHour = 3;

interface PasswordResetRouteDeps {
  passwordReset: PasswordResetService;
  limitStore: LimitStore;
}

export function registerPasswordResetRoutes(
  router: Router,
  { passwordReset, limitStore }: PasswordResetRouteDeps,
): void {
  router.route(endpoints.passwordResetOptions, {
    rateLimitPerMinute: 60,
    handler: async () => ({ byEmail: passwordReset.sendsMail }),
  });

  router.route(endpoints.requestPasswordReset, {
    // Per address by the rate limit; per email below, the same for addresses without an account.
    rateLimitPerMinute: 5,
    lenientAuth: true,
    handler: async ({ body }) => {
      passwordReset.assertSendsMail();
      const key = `password-reset-mail:${accountKeyOf(body.email)}`;
      const { count, resetInMs } = await limitStore.hit(key, 60 * 60_000);
      if (count > mailsPerEmailPerHour) {
        throw rateLimited('Too many reset links asked for this email', resetInMs);
      }
      await passwordReset.requestReset(body);
      return {};
    },
  });

  router.route(endpoints.resetPassword, {
    // A wrong token costs one lookup; a right one a password hash, once.
    rateLimitPerMinute: 20,
    lenientAuth: true,
    handler: ({ body }) => emptyAfter(passwordReset.resetPassword(body)),
  });
}
