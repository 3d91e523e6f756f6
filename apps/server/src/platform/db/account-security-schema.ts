/**
 * The tables of account safety (migration 0017): password reset links and two-factor sign-in.
 * Beside `schema.ts` rather than in it, as their own concern.
 */
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, userRef, users } from './schema';

/** A reset link: only the keyed hash of its token; it works once, until `expires_at`. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: userRef('user_id'),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_id_idx').on(t.userId),
  ],
);

/** A person's authenticator secret; two-factor sign-in is on once `enabled_at` is set. */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM under a key derived from the server secret: iv.tag.ciphertext, base64url. */
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The time step of the last code accepted: that code, and older ones, never work again. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: userRef('user_id'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);
