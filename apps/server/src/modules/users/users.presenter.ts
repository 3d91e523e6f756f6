import type { CurrentUser } from '@kinora/contract';
import type { Storage } from '../../platform/storage/storage';
import type { UserRow } from './users.repository';

/** The user as they see themselves: the only place that decides which fields leave. */
export function presentCurrentUser(user: UserRow, storage: Storage): CurrentUser {
  return {
    _id: user.id,
    username: user.username,
    fullname: user.fullname,
    email: user.email,
    avatar: user.avatarKey ? storage.publicUrl(user.avatarKey) : null,
    coverImage: user.coverImageKey ? storage.publicUrl(user.coverImageKey) : null,
    bio: user.bio,
    messagePolicy: user.messagePolicy,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
