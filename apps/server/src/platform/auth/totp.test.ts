import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  otpauthUri,
  totp,
  type TotpAlgorithm,
} from './totp';

// RFC 6238 Appendix B: the seeds are ASCII "1234567890" repeated to the hash's key size.
const seed = (length: number) => Buffer.from('1234567890'.repeat(7).slice(0, length), 'ascii');
const seeds: Record<TotpAlgorithm, Buffer> = {
  sha1: seed(20),
  sha256: seed(32),
  sha512: seed(64),
};
const vectors: [number, Record<TotpAlgorithm, string>][] = [
  [59, { sha1: '94287082', sha256: '46119246', sha512: '90693936' }],
  [1111111109, { sha1: '07081804', sha256: '68084774', sha512: '25091201' }],
  [1111111111, { sha1: '14050471', sha256: '67062674', sha512: '99943326' }],
  [1234567890, { sha1: '89005924', sha256: '91819424', sha512: '93441116' }],
  [2000000000, { sha1: '69279037', sha256: '90698825', sha512: '38618901' }],
  [20000000000, { sha1: '65353130', sha256: '77737706', sha512: '47863826' }],
];

describe('TOTP (RFC 6238)', () => {
  for (const [seconds, expected] of vectors) {
    for (const algorithm of ['sha1', 'sha256', 'sha512'] as const) {
      it(`answers the RFC's code at T=${seconds} with ${algorithm}`, () => {
        const options = { period: 30, digits: 8, algorithm };
        expect(totp(seeds[algorithm], seconds * 1000, options)).toBe(expected[algorithm]);
      });
    }
  }

  it('answers the HOTP codes of RFC 4226 Appendix D', () => {
    const codes = ['755224', '287082', '359152', '969429', '338314'];
    codes.forEach((code, counter) => expect(hotp(seed(20), counter)).toBe(code));
  });

  it('accepts a code one step either side, and never a used step again', () => {
    const secret = seed(20);
    const now = 1_700_000_000_000;
    const previous = totp(secret, now - 30_000);
    const next = totp(secret, now + 30_000);
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, previous, { nowMs: now })).toBe(step - 1);
    expect(matchTotp(secret, next, { nowMs: now })).toBe(step + 1);
    expect(matchTotp(secret, totp(secret, now - 60_000), { nowMs: now })).toBeNull();
    expect(matchTotp(secret, totp(secret, now), { nowMs: now, usedStep: step })).toBeNull();
    expect(matchTotp(secret, '12345', { nowMs: now })).toBeNull();
  });

  it('round-trips base32 (RFC 4648 test vectors) and writes the URI apps scan', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Encode(Buffer.from('f'))).toBe('MY');
    const uri = otpauthUri({ secret: Buffer.from('foobar'), issuer: 'Kinora', account: 'ada' });
    expect(uri).toBe(
      'otpauth://totp/Kinora:ada?secret=MZXW6YTBOI&issuer=Kinora&algorithm=SHA1&digits=6&period=30',
    );
  });
});
