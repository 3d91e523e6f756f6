import { and, count, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  twoFactorRecoveryCodes,
  twoFactorSecrets,
} from '../../platform/db/account-security-schema';
import type { Database } from '../../platform/db/client';
import { users } from '../../platform/db/schema';

export interface TwoFactorRow {
  secretEncrypted: string;
  enabledAt: Date | null;
  lastUsedStep: number | null;
}

export class TwoFactorRepository {
  constructor(private readonly db: Database) {}

  async find(userId: string): Promise<TwoFactorRow | null> {
    const [row] = await this.db
      .select({
        secretEncrypted: twoFactorSecrets.secretEncrypted,
        enabledAt: twoFactorSecrets.enabledAt,
        lastUsedStep: twoFactorSecrets.lastUsedStep,
      })
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, userId))
      .limit(1);
    return row ?? null;
  }

  async isEnabled(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: twoFactorSecrets.userId })
      .from(twoFactorSecrets)
      .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)))
      .limit(1);
    return row !== undefined;
  }

  async findUsername(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row?.username ?? null;
  }

  async countUnusedRecoveryCodes(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  }

  /**
   * Keeps a new secret waiting for its first code, replacing a waiting one; never one that is
   * on. False when two-factor sign-in is on already.
   */
  async savePendingSecret(userId: string, secretEncrypted: string): Promise<boolean> {
    const rows = await this.db
      .insert(twoFactorSecrets)
      .values({ userId, secretEncrypted })
      .onConflictDoUpdate({
        target: twoFactorSecrets.userId,
        set: { secretEncrypted, createdAt: sql`now()`, lastUsedStep: null },
        setWhere: isNull(twoFactorSecrets.enabledAt),
      })
      .returning({ userId: twoFactorSecrets.userId });
    return rows.length === 1;
  }

  /**
   * Turns the waiting secret on, its first code's step spent, with a fresh set of recovery
   * codes (hashes). False when nothing was waiting (on already, or never set up).
   */
  async enable(input: { userId: string; step: number; codeHashes: string[] }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(twoFactorSecrets)
        .set({ enabledAt: sql`now()`, lastUsedStep: input.step })
        .where(and(eq(twoFactorSecrets.userId, input.userId), isNull(twoFactorSecrets.enabledAt)))
        .returning({ userId: twoFactorSecrets.userId });
      if (!row) return false;
      await tx
        .delete(twoFactorRecoveryCodes)
        .where(eq(twoFactorRecoveryCodes.userId, input.userId));
      await tx
        .insert(twoFactorRecoveryCodes)
        .values(input.codeHashes.map((codeHash) => ({ userId: input.userId, codeHash })));
      return true;
    });
  }

  /**
   * Spends a time step: only a step later than the last one used is taken, so of two uses of
   * one code (a replay, or two at once) exactly one passes.
   */
  async spendStep(userId: string, step: number): Promise<boolean> {
    const rows = await this.db
      .update(twoFactorSecrets)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(twoFactorSecrets.userId, userId),
          isNotNull(twoFactorSecrets.enabledAt),
          or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    return rows.length === 1;
  }

  /** Every sealed secret, for sealing again under a new key at start. */
  allSealed(): Promise<{ userId: string; secretEncrypted: string }[]> {
    return this.db
      .select({
        userId: twoFactorSecrets.userId,
        secretEncrypted: twoFactorSecrets.secretEncrypted,
      })
      .from(twoFactorSecrets);
  }

  /** Puts the same secret sealed anew in place of the sealing read, unless it changed since. */
  async replaceSealed(userId: string, read: string, resealed: string): Promise<void> {
    await this.db
      .update(twoFactorSecrets)
      .set({ secretEncrypted: resealed })
      .where(and(eq(twoFactorSecrets.userId, userId), eq(twoFactorSecrets.secretEncrypted, read)));
  }

  /**
   * Spends a recovery code, given its hash under each key it may have been stored with: true
   * once, for the first use.
   */
  async spendRecoveryCode(userId: string, codeHashes: string[]): Promise<boolean> {
    const rows = await this.db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          inArray(twoFactorRecoveryCodes.codeHash, codeHashes),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return rows.length === 1;
  }

  async remove(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    });
  }
}
