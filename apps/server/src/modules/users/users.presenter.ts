import type { ChannelSummary, CurrentUser, OwnAccount } from '@kinora/contract';
import { publicUrlOf, type Storage } from '../../platform/storage/storage';
import type { UserRow } from './users.repository';

/** The columns of a person that a channel summary shows. */
export interface PersonSummaryRow {
  id: string;
  username: string;
  fullname: string;
  avatarKey: string | null;
}

/** A person as other answers embed them (a video's owner, a comment's author, ...). */
export function presentChannelSummary(person: PersonSummaryRow, storage: Storage): ChannelSummary {
  return {
    _id: person.id,
    username: person.username,
    fullname: person.fullname,
    avatar: publicUrlOf(storage, person.avatarKey),
  };
}

/** The account's fields that only its owner sees (the current user, the owner's stats). */
export function presentOwnAccount(
  account: PersonSummaryRow & { email: string; coverImageKey: string | null },
  storage: Storage,
): OwnAccount {
  return {
    ...presentChannelSummary(account, storage),
    email: account.email,
    coverImage: publicUrlOf(storage, account.coverImageKey),
  };
}

/** The user as they see themselves: the only place that decides which fields leave. */
export function presentCurrentUser(user: UserRow, storage: Storage): CurrentUser {
  return {
    ...presentOwnAccount(user, storage),
    bio: user.bio,
    messagePolicy: user.messagePolicy,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
