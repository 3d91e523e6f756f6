import { endpoints, limits } from '@kinora/contract';
import type { Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { setSessionCookies, type AuthService, type CookieSettings } from '../auth';
import { presentCurrentUser } from './users.presenter';
import type { UsersService } from './users.service';

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

export function registerUserRoutes(
  router: Router,
  deps: {
    users: UsersService;
    auth: AuthService;
    storage: Storage;
    cookies: CookieSettings;
    authRateLimitPerMinute: number;
  },
): void {
  const { users, auth, storage, cookies } = deps;
  const present = (user: Parameters<typeof presentCurrentUser>[0]) =>
    presentCurrentUser(user, storage);

  router.route(endpoints.register, {
    message: 'Account created',
    rateLimitPerMinute: deps.authRateLimitPerMinute,
    lenientAuth: true,
    files: { avatar: avatarRule, coverImage: coverRule },
    handler: async ({ body, files, request, reply }) => {
      const { user, tokens } = await users.registerUser({
        fields: body,
        avatar: files.avatar!.data,
        coverImage: files.coverImage?.data,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookies(reply, tokens, cookies);
      return { user: present(user), accessToken: tokens.accessToken };
    },
  });

  router.route(endpoints.login, {
    message: 'Logged in',
    rateLimitPerMinute: deps.authRateLimitPerMinute,
    lenientAuth: true,
    handler: async ({ body, request, reply }) => {
      const userId = await auth.verifyCredentials(body);
      const tokens = await auth.startSession({
        userId,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookies(reply, tokens, cookies);
      return { user: present(await users.getUser({ userId })), accessToken: tokens.accessToken };
    },
  });

  router.route(endpoints.currentUser, {
    message: 'Current user',
    handler: async ({ actor }) => present(await users.getUser({ userId: actor.userId })),
  });

  router.route(endpoints.updateDetails, {
    message: 'Profile updated',
    handler: async ({ actor, body }) =>
      present(await users.updateDetails({ userId: actor.userId, changes: body })),
  });

  router.route(endpoints.changeAvatar, {
    message: 'Avatar updated',
    files: { avatar: avatarRule },
    handler: async ({ actor, files }) =>
      present(
        await users.replaceImage({
          userId: actor.userId,
          purpose: 'avatar',
          data: files.avatar!.data,
        }),
      ),
  });

  router.route(endpoints.changeCoverImage, {
    message: 'Cover image updated',
    files: { coverImage: { ...coverRule, required: true } },
    handler: async ({ actor, files }) =>
      present(
        await users.replaceImage({
          userId: actor.userId,
          purpose: 'cover',
          data: files.coverImage!.data,
        }),
      ),
  });
}
