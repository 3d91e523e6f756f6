import { endpoints, limits } from '@kinora/contract';
import { AppError } from '../../platform/http/errors';
import type { Actor, Router, UploadedFile } from '../../platform/http/router';
import { FailureBudget } from '../../platform/rate-limit/failure-budget';
import type { LimitStore } from '../../platform/rate-limit/limit-store';
import type { Storage } from '../../platform/storage/storage';
import {
  KnownDevices,
  LoginThrottle,
  setSessionCookies,
  type CookieSettings,
  type SignInChallenge,
} from '../auth';
import { presentCurrentUser } from './users.presenter';
import type { UsersService } from './users.service';

/**
 * The right password of an account with two-factor sign-in on: a 401 whose `data` holds the
 * challenge for `completeTwoFactorLogin`. A client that knows nothing of it reads a refusal.
 */
const twoFactorRequired = (challenge: SignInChallenge) =>
  new AppError(
    'TWO_FACTOR_REQUIRED',
    'Enter the code from your authenticator app to finish signing in',
  ).withData({ ...challenge });

const avatarRule = {
  required: true,
  maxBytes: limits.avatarMaxBytes,
  tooLargeMessage: 'Avatar file size must be less than 5MB',
} as const;
const coverRule = {
  required: false,
  maxBytes: limits.coverImageMaxBytes,
  tooLargeMessage: 'Cover image file size must be less than 10MB',
} as const;

/** What the routes that sign people in need (these, and two-factor's second step). */
export interface SignInRouteDeps {
  users: UsersService;
  storage: Storage;
  cookies: CookieSettings;
  /** Where the sign-in throttle and the sign-up budget count (shared by all processes). */
  limitStore: LimitStore;
  authRateLimitPerMinute: number;
  /** Signs the device cookies that let an account's own browsers past its sign-in throttle. */
  deviceCookieSecret: string;
}

export function registerUserRoutes(router: Router, deps: SignInRouteDeps): void {
  const { users, storage, cookies } = deps;
  const present = (user: Parameters<typeof presentCurrentUser>[0]) =>
    presentCurrentUser(user, storage);
  const replaceImage = async (actor: Actor, purpose: 'avatar' | 'cover', file: UploadedFile) =>
    present(await users.replaceImage({ userId: actor.userId, purpose, data: file.data }));
  const loginThrottle = new LoginThrottle(deps.limitStore);
  const knownDevices = new KnownDevices(deps.deviceCookieSecret, { secure: cookies.secure });
  // Sign-up answers "already taken", which tells whether an account exists. The answer stays
  // (people need it), but an address gets few of them per hour; sign-ups that succeed do not
  // count, so many people signing up behind one address are not held back.
  const takenAnswers = new FailureBudget(deps.limitStore, {
    name: 'register-taken',
    max: 10,
    windowMs: 60 * 60_000,
    counts: (error) =>
      error instanceof AppError &&
      (error.code === 'EMAIL_TAKEN' || error.code === 'USERNAME_TAKEN'),
    message: 'Too many sign-up attempts with names or emails already in use from your network',
  });

  router.route(endpoints.register, {
    rateLimitPerMinute: deps.authRateLimitPerMinute,
    lenientAuth: true,
    files: { avatar: avatarRule, coverImage: coverRule },
    handler: async ({ body, files, request, reply }) => {
      const { user, tokens } = await takenAnswers.run(request.ip, () =>
        users.registerUser({
          fields: body,
          avatar: files.avatar!.data,
          coverImage: files.coverImage?.data,
          userAgent: request.headers['user-agent'] ?? null,
          address: request.ip,
        }),
      );
      setSessionCookies(reply, tokens, cookies);
      knownDevices.remember(reply, body.email);
      return { user: present(user), accessToken: tokens.accessToken };
    },
  });

  router.route(endpoints.login, {
    rateLimitPerMinute: deps.authRateLimitPerMinute,
    lenientAuth: true,
    handler: async ({ body, request, reply }) => {
      // The email is already trimmed and lower-cased by the contract: one account, one key.
      const outcome = await loginThrottle.attempt(
        body.email,
        () =>
          users.signIn({
            credentials: body,
            userAgent: request.headers['user-agent'] ?? null,
            address: request.ip,
          }),
        knownDevices.recognise(request.cookies, body.email),
      );
      // Two-factor on: no session, and the answer of an account without it is left as it was.
      if ('challenge' in outcome) throw twoFactorRequired(outcome.challenge);
      const { user, tokens } = outcome;
      setSessionCookies(reply, tokens, cookies);
      knownDevices.remember(reply, body.email);
      return { user: present(user), accessToken: tokens.accessToken };
    },
  });

  router.route(endpoints.currentUser, {
    handler: async ({ actor }) => present(await users.getUser({ userId: actor.userId })),
  });

  router.route(endpoints.updateDetails, {
    handler: async ({ actor, body }) =>
      present(await users.updateDetails({ userId: actor.userId, changes: body })),
  });

  router.route(endpoints.changeAvatar, {
    files: { avatar: avatarRule },
    handler: ({ actor, files }) => replaceImage(actor, 'avatar', files.avatar!),
  });

  router.route(endpoints.changeCoverImage, {
    files: { coverImage: { ...coverRule, required: true } },
    handler: ({ actor, files }) => replaceImage(actor, 'cover', files.coverImage!),
  });
}
