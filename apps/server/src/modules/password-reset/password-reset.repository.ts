import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { passwordResets } from '../../platform/db/account-security-schema';
import type { Database } from '../../platform/db/client';
import { users } from '../../platform/db/schema';

export interface ResetLinkRow {
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export class PasswordResetRepository {
  constructor(private readonly db: Database) {}

  async findUserIdByEmail(email: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    return row?.id ?? null;
  }

  /** For the administrator's command: the account with this email or this username. */
  async findAccount(emailOrUsername: string): Promise<{ userId: string; username: string } | null> {
    const [row] = await this.db
      .select({ userId: users.id, username: users.username })
      .from(users)
      .where(or(eq(users.email, emailOrUsername), eq(users.username, emailOrUsername)))
      .limit(1);
    return row ?? null;
  }

  async insertLink(input: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.db.insert(passwordResets).values(input);
  }

  async findLink(tokenHash: string): Promise<ResetLinkRow | null> {
    const [row] = await this.db
      .select({
        userId: passwordResets.userId,
        expiresAt: passwordResets.expiresAt,
        usedAt: passwordResets.usedAt,
      })
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  }

  /**
   * Spends the link and sets the password in one statement, only while the link is unused and
   * unexpired: of two uses at once, one sets the password and the other finds it spent. Every
   * other link of the account is spent with it. Answers the account, or null.
   */
  async spendLinkAndSetPassword(tokenHash: string, passwordHash: string): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [spent] = await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: passwordResets.userId });
      if (!spent) return null;
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, spent.userId));
      await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResets.userId, spent.userId), isNull(passwordResets.usedAt)));
      return spent.userId;
    });
  }
}
