import { AppError } from '../../platform/http/errors';
import type { Mailer } from '../../platform/mail/mailer';
import type { AuthService } from '../auth';
import { assertCanResetPasswordWith, resetLinkRefused } from './password-reset.policy';
import type { PasswordResetRepository } from './password-reset.repository';
import type { ResetLinks } from './reset-links';

export class PasswordResetService {
  constructor(
    private readonly repo: PasswordResetRepository,
    private readonly links: ResetLinks,
    private readonly auth: AuthService,
    private readonly mail: {
      /** Null when the server sends no mail. */
      mailer: Mailer | null;
      /** Told when a mail could not be sent; it gets the error only, never the address. */
      onError: (error: unknown) => void;
    },
  ) {}

  get sendsMail(): boolean {
    return this.mail.mailer !== null;
  }

  /** The mailer; a 409 when this server sends no mail (the page then says whom to ask). */
  assertSendsMail(): Mailer {
    if (!this.mail.mailer) {
      throw new AppError(
        'EMAIL_NOT_CONFIGURED',
        'This server does not send email. Ask the administrator for a password reset link.',
      );
    }
    return this.mail.mailer;
  }

  /**
   * Mails a reset link when an account uses this email; answers the same, at about the same
   * time, when none does: the link is made and sent after the answer, so the answer waits for
   * one lookup either way and never for the mail server.
   */
  async requestReset({ email }: { email: string }): Promise<void> {
    const mailer = this.assertSendsMail();
    const userId = await this.repo.findUserIdByEmail(email);
    if (!userId) return;
    void this.links
      .create({ userId })
      .then((link) =>
        mailer.send({
          to: email,
          subject: 'Reset your Kinora password',
          text: resetMailText(link),
        }),
      )
      .catch((error: unknown) => this.mail.onError(error));
  }

  /**
   * Sets a new password with a link: it works once, within its hour, and every session of the
   * account ends (whoever was signed in with the old password is signed out).
   */
  async resetPassword({ token, newPassword }: { token: string; newPassword: string }) {
    const tokenHash = this.links.hash(token);
    assertCanResetPasswordWith(await this.repo.findLink(tokenHash), new Date());
    const passwordHash = await this.auth.hashPassword(newPassword);
    const userId = await this.repo.spendLinkAndSetPassword(tokenHash, passwordHash);
    // Spent or expired between the check and now: another use of the same link won.
    if (!userId) throw resetLinkRefused();
    await this.auth.endAllSessions({ userId });
  }
}

function resetMailText(link: string): string {
  return [
    'Someone asked to reset the password of your Kinora account.',
    '',
    'To choose a new password, open this link within the hour (it works once):',
    link,
    '',
    'Setting a new password signs you out everywhere.',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
}
