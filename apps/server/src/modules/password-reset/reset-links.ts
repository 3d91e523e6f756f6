import { createHmac, randomBytes } from 'node:crypto';
import type { PasswordResetRepository } from './password-reset.repository';

/** How long a reset link works. */
export const resetLinkLifetimeMs = 60 * 60_000;

/**
 * Makes reset links: 32 random bytes each, of which only a keyed hash (HMAC-SHA-256 under a key
 * derived from the server secret) is stored, so neither a copy of the database nor a guess
 * without the key yields a working link. Used by the mail and by the administrator's command.
 */
export class ResetLinks {
  private readonly key: Buffer;

  constructor(
    private readonly repo: PasswordResetRepository,
    private readonly settings: {
      /** The web app's address; a link opens `/reset-password` there. */
      publicUrl: string;
      serverSecret: string;
    },
  ) {
    this.key = createHmac('sha256', settings.serverSecret).update('kinora password reset').digest();
  }

  /** A new single-use link for the account, valid for an hour. */
  async create({ userId }: { userId: string }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.repo.insertLink({
      userId,
      tokenHash: this.hash(token),
      expiresAt: new Date(Date.now() + resetLinkLifetimeMs),
    });
    return `${this.settings.publicUrl}/reset-password?token=${token}`;
  }

  hash(token: string): string {
    return createHmac('sha256', this.key).update(token).digest('base64url');
  }
}
