/**
 * Outgoing mail over SMTP (nodemailer). Kinora sends one kind: password reset links. Nothing
 * of a message (address, link) is ever logged; a failure is reported without them.
 */
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A mailer for `SMTP_URL` (smtp:// with STARTTLS when offered, smtps:// for TLS). */
export function createSmtpMailer(settings: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(settings.smtpUrl, { from: settings.from });
  return {
    async send(message) {
      await transport.sendMail({ ...message, from: settings.from });
    },
    close: () => transport.close(),
  };
}
