/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a sign-in
 * that succeeds leaves, in that browser, a cookie signed by the server and bound to the
 * account. A later sign-in that presents it comes from the account's known device: the
 * account's throttle, which anyone can set off by guessing from elsewhere, does not hold it
 * back; the device has a budget of failures of its own instead (see `LoginThrottle`), so a
 * stolen cookie does not make guessing free.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** The throttles' name for an account: a hash of its normalised email, never the email. */
export function accountKeyOf(email: string): string {
  return createHash('sha256').update(email).digest('base64url');
}

const cookiePrefix = 'kinoraDevice_';
/** Only the sign-in reads it. */
const cookiePath = '/api/v1/users/login';
const lifetimeSeconds = 365 * 24 * 60 * 60;

export class KnownDevices {
  private readonly key: Buffer;

  constructor(
    /** A server secret; the cookie's key is derived from it for this use alone. */
    secret: string,
    private readonly settings: { secure: boolean },
  ) {
    this.key = createHmac('sha256', secret).update('kinora device cookie').digest();
  }

  /** One cookie per account a browser signs in to, so people who share a browser keep theirs. */
  private cookieName(account: string): string {
    return `${cookiePrefix}${account.slice(0, 16)}`;
  }

  private mac(account: string, deviceId: string): Buffer {
    return createHmac('sha256', this.key).update(`${account}.${deviceId}`).digest();
  }

  /** The device id that the request's cookie proves for this account, or null. */
  recognise(cookies: Record<string, string | undefined>, email: string): string | null {
    const account = accountKeyOf(email);
    const value = cookies[this.cookieName(account)];
    const match = value ? /^([\w-]{22})\.([\w-]{43})$/.exec(value) : null;
    if (!match) return null;
    const deviceId = match[1]!;
    // Compared as text: the one spelling the server wrote, not any that decodes alike.
    const expected = Buffer.from(this.mac(account, deviceId).toString('base64url'));
    const given = Buffer.from(match[2]!);
    return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
  }

  /** Leaves a fresh device cookie for the account after a sign-in that succeeded. */
  remember(reply: FastifyReply, email: string): void {
    const account = accountKeyOf(email);
    const deviceId = randomBytes(16).toString('base64url');
    const signature = this.mac(account, deviceId).toString('base64url');
    reply.setCookie(this.cookieName(account), `${deviceId}.${signature}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.settings.secure,
      path: cookiePath,
      maxAge: lifetimeSeconds,
    });
  }
}
