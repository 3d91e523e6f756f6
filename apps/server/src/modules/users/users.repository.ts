import type { MessagePolicy } from '@kinora/contract';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { UserRole } from '../../platform/auth/roles';
import type { Database } from '../../platform/db/client';
import { users } from '../../platform/db/schema';

export type UserRow = Omit<
  typeof users.$inferSelect,
  | 'passwordHash'
  | 'searchVector'
  | 'historyPaused'
  | 'bannedAt'
  | 'bannedReason'
  | 'cardOwner'
  | 'cardUnsafeKey'
>;

const publicColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  fullname: users.fullname,
  avatarKey: users.avatarKey,
  coverImageKey: users.coverImageKey,
  bio: users.bio,
  messagePolicy: users.messagePolicy,
  role: users.role,
  subscribersCount: users.subscribersCount,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** Whether an account has this id: for the modules whose lists belong to a person. */
export async function userExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

/** Of these usernames, the ones nobody has: an @mention of them names no one. */
export async function unknownUsernames(db: Database, usernames: string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const known = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(users.username, usernames));
  const found = new Set(known.map((u) => u.username));
  return usernames.filter((name) => !found.has(name));
}

export class UsersRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select(publicColumns).from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /** Which of the two identifiers are already taken, for a friendly answer before any write. */
  async findTaken(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
    const rows = await this.db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(or(eq(users.username, username), eq(users.email, email)));
    return {
      username: rows.some((r) => r.username === username),
      email: rows.some((r) => r.email === email),
    };
  }

  async insert(input: {
    username: string;
    email: string;
    fullname: string;
    passwordHash: string;
    avatarKey: string;
    coverImageKey: string | null;
  }): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(input).returning(publicColumns);
    return row!;
  }

  async updateDetails(
    id: string,
    changes: { fullname?: string; email?: string; bio?: string; messagePolicy?: MessagePolicy },
  ): Promise<UserRow | null> {
    const [row] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning(publicColumns);
    return row ?? null;
  }

  /** Sets one image key and answers the key it replaced, read in the same statement. */
  async replaceImageKey(
    id: string,
    column: 'avatarKey' | 'coverImageKey',
    key: string,
  ): Promise<{ user: UserRow; previousKey: string | null } | null> {
    const target = column === 'avatarKey' ? users.avatarKey : users.coverImageKey;
    return this.db.transaction(async (tx) => {
      const [old] = await tx
        .select({ key: target })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      if (!old) return null;
      const [row] = await tx
        .update(users)
        .set({ [column]: key, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning(publicColumns);
      return { user: row!, previousKey: old.key };
    });
  }

  /** Sets the role of the user with this username; answers the role it had, or null if none. */
  async setRoleByUsername(
    username: string,
    role: UserRole,
  ): Promise<{ id: string; previousRole: UserRole } | null> {
    return this.db.transaction(async (tx) => {
      const [old] = await tx
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.username, username))
        .for('update');
      if (!old) return null;
      await tx
        .update(users)
        .set({ role, updatedAt: sql`now()` })
        .where(eq(users.id, old.id));
      return { id: old.id, previousRole: old.role };
    });
  }
}
