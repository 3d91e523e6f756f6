/**
 * A real SMTP server in the test process (the `smtp-server` package): Kinora sends to it over
 * TCP with nodemailer as it would to any mail server, and tests read what arrived.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The text body, quoted-printable decoded. */
  text: string;
}

export interface TestMailServer {
  /** The SMTP_URL that reaches it. */
  url: string;
  received: ReceivedMail[];
  /** The next mail to this address (waits for it, up to `timeoutMs`). */
  nextMailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailServer({
  delayMs = 0,
  port = 0,
}: {
  /** How long the server takes to accept each mail (a slow mail server). */
  delayMs?: number;
  /** 0: any free port. */
  port?: number;
} = {}): Promise<TestMailServer> {
  const received: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS offered, no login asked.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        setTimeout(() => {
          received.push(mail);
          for (const wake of waiting) wake();
          done();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  const taken = new Set<ReceivedMail>();
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    nextMailTo(address, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = received.find((m) => !taken.has(m) && m.to.includes(address));
          if (!mail) return;
          taken.add(mail);
          waiting.delete(check);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n\s+/g, ' ');
  let body = raw.slice(split + 4);
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) {
    body = Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return { subject: header('Subject'), text: body.replace(/\r\n/g, '\n').trim() };
}

/** The reset link of a reset mail. */
export function resetTokenIn(mail: ReceivedMail): string {
  const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in the mail:\n${mail.text}`);
  return token;
}
