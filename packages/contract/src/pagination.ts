import { z } from 'zod';

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(10),
});

export const PageInfo = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
});
export type PageInfo = z.infer<typeof PageInfo>;

/** Instants a keyset cursor may name, in microseconds since the epoch: the years 1 to 9999. */
const cursorMicros = { min: -62_135_596_800_000_000n, max: 253_402_300_799_999_999n };
const cursorText =
  /^(-?\d{1,18})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const base64Digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64 (either alphabet, padded or not) to one character per byte; null when it is not. */
function decodeBase64(text: string): string | null {
  const digits = text
    .replace(/={0,2}$/, '')
    .replaceAll('+', '-')
    .replaceAll('/', '_');
  if (!/^[A-Za-z0-9_-]*$/.test(digits) || digits.length % 4 === 1) return null;
  let value = 0;
  let bits = 0;
  let out = '';
  for (const digit of digits) {
    value = ((value << 6) | base64Digits.indexOf(digit)) & 0xfff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((value >> bits) & 0xff);
    }
  }
  return out;
}

/** Where a keyset page starts: an entry's instant (exact microseconds, in text) and id. */
export interface KeysetPosition {
  micros: string;
  id: string;
}

/**
 * Reads a keyset cursor as the server writes it (base64url of `<micros>.<uuid>`); null for
 * anything else, also for an instant outside the years 1 to 9999, which no entry has and the
 * database could not compare with.
 */
export function parseKeysetCursor(cursor: string): KeysetPosition | null {
  if (cursor.length > 200) return null;
  const match = cursorText.exec(decodeBase64(cursor) ?? '');
  if (!match) return null;
  const micros = BigInt(match[1]!);
  if (micros < cursorMicros.min || micros > cursorMicros.max) return null;
  return { micros: micros.toString(), id: match[2]!.toLowerCase() };
}

/** An opaque keyset cursor, as the entry or page before answered it. */
export const KeysetCursor = z
  .string()
  .trim()
  .refine((cursor) => parseKeysetCursor(cursor) !== null, 'The cursor is not valid');

/**
 * A feed read newest first by keyset: `cursor` is the opaque `nextCursor` of the page before
 * (absent for the first page). Items that arrive meanwhile go above the first page, so a
 * reader walking down never sees one twice nor skips one.
 */
export const KeysetQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50, 'limit is at most 50').default(20),
  cursor: KeysetCursor.optional(),
});
export type KeysetQuery = z.infer<typeof KeysetQuery>;

/**
 * A page of a keyset feed: the entries under `key`, and `nextCursor` to pass as `cursor` for
 * the older ones (null at the end).
 */
export function keysetPage<K extends string, T extends z.ZodType>(key: K, entry: T) {
  const shape = { [key]: z.array(entry), nextCursor: z.string().nullable() };
  return z.object(shape as Record<K, z.ZodArray<T>> & { nextCursor: z.ZodNullable<z.ZodString> });
}
