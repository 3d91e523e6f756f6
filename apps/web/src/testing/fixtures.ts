import type { CurrentUser, MyStats } from '@kinora/contract';

/** A signed-in user as the server presents it. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    _id: '3f1c6d1e-8a53-4a57-9d0e-5a4fd1d9b7a1',
    username: 'ada',
    fullname: 'Ada Lovelace',
    email: 'ada@example.com',
    avatar: null,
    coverImage: null,
    bio: '',
    messagePolicy: 'everyone',
    createdAt: '2025-01-02T10:00:00.000Z',
    updatedAt: '2025-01-02T10:00:00.000Z',
    ...overrides,
  };
}

/** A user's own figures (GET /users/me/stats), all zero unless given. */
export function makeMyStats(user: CurrentUser, counts: Partial<MyStats> = {}): MyStats {
  return {
    _id: user._id,
    username: user.username,
    fullname: user.fullname,
    email: user.email,
    avatar: null,
    coverImage: null,
    createdAt: user.createdAt,
    videosCount: 0,
    tweetsCount: 0,
    subscribersCount: 0,
    subscriptionsCount: 0,
    totalViews: 0,
    totalLikes: 0,
    ...counts,
  };
}

/** An image (or other) file of a given size for upload tests. */
export function makeFile(name: string, type: string, size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}
