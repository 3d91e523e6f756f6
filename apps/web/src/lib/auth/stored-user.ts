import type { CurrentUser } from '@kinora/contract';

/**
 * The spec's auth context keeps a small user record in localStorage beside the token
 * (signed-in-areas §3): id, username, avatar and display name. Nothing private is stored.
 */
export interface StoredUser {
  _id: string;
  username: string;
  avatar?: string | null;
  name?: string;
}

const USER_KEY = 'user';

export function rememberUser(user: CurrentUser): void {
  const record: StoredUser = {
    _id: user._id,
    username: user.username,
    avatar: user.avatar,
    name: user.fullname,
  };
  try {
    localStorage.setItem(USER_KEY, JSON.stringify(record));
  } catch {
    // Storage may be full or disabled; the session itself does not depend on it.
  }
}

export function forgetUser(): void {
  try {
    localStorage.removeItem(USER_KEY);
  } catch {
    // See rememberUser.
  }
}

export const storedUserKey = USER_KEY;
