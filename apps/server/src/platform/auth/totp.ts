/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP), with node:crypto: what every
 * authenticator app computes from a shared secret and the clock. Checked against the RFCs' own
 * test vectors in `totp.test.ts`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

export interface TotpOptions {
  /** Seconds per step; 30 in every app. */
  period: number;
  digits: number;
  algorithm: TotpAlgorithm;
}

/** What authenticator apps assume when the URI says nothing: SHA-1, 6 digits, 30 s. */
export const appTotp: TotpOptions = { period: 30, digits: 6, algorithm: 'sha1' };

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(data: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += base32Alphabet[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char);
    if (index < 0) throw new Error('Not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new shared secret: 20 random bytes, the size RFC 4226 recommends for SHA-1. */
export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/** RFC 4226 §5.3: HMAC of the counter, dynamic truncation, `digits` decimal digits. */
export function hotp(secret: Buffer, counter: number, options: TotpOptions = appTotp): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(options.algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** options.digits;
  return binary.toString().padStart(options.digits, '0');
}

/** The time step of a moment (RFC 6238 §4: T = floor((now - T0) / X), T0 = 0). */
export function totpStep(nowMs: number, options: TotpOptions = appTotp): number {
  return Math.floor(nowMs / 1000 / options.period);
}

export function totp(secret: Buffer, nowMs: number, options: TotpOptions = appTotp): string {
  return hotp(secret, totpStep(nowMs, options), options);
}

/**
 * The step whose code `code` is, looking one step either side of now (a phone's clock a little
 * off, a code typed as it changed), or null. Steps at or before `usedStep` are refused, so a
 * code that worked once cannot be replayed (RFC 6238 §5.2).
 */
export function matchTotp(
  secret: Buffer,
  code: string,
  {
    nowMs,
    usedStep = null,
    options = appTotp,
  }: {
    nowMs: number;
    usedStep?: number | null;
    options?: TotpOptions;
  },
): number | null {
  const now = totpStep(nowMs, options);
  const given = Buffer.from(code);
  for (const step of [now - 1, now, now + 1]) {
    if (usedStep !== null && step <= usedStep) continue;
    const expected = Buffer.from(hotp(secret, step, options));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return step;
  }
  return null;
}

/** The `otpauth://` URI authenticator apps scan (Key Uri Format). */
export function otpauthUri({
  secret,
  issuer,
  account,
}: {
  secret: Buffer;
  issuer: string;
  account: string;
}): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret: base32Encode(secret),
    issuer,
    algorithm: 'SHA1',
    digits: String(appTotp.digits),
    period: String(appTotp.period),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
