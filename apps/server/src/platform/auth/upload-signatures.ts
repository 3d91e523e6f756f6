import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed uploads: the sign step gives a signed-in user a signature over (api key, folder,
 * timestamp); the upload endpoint, which has no login of its own, accepts a file only with a
 * valid, fresh signature. The api key carries the user's id, so the signature binds the upload
 * to that user, that folder and that moment.
 */
export class UploadSigner {
  constructor(
    private readonly secret: string,
    /** How long a signature may be used to start an upload. */
    readonly lifetimeSeconds = 15 * 60,
  ) {}

  private digest(fields: { apiKey: string; folder: string; timestamp: number }): string {
    // Sorted name=value pairs joined by '&', as the hosted provider signs its parameters.
    const payload = `api_key=${fields.apiKey}&folder=${fields.folder}&timestamp=${fields.timestamp}`;
    return createHmac('sha256', this.secret).update(payload).digest('hex');
  }

  sign(fields: { userId: string; folder: string; now?: Date }): {
    apiKey: string;
    timestamp: number;
    signature: string;
  } {
    const timestamp = Math.floor((fields.now ?? new Date()).getTime() / 1000);
    // `<userId>.<nonce>`: the client posts the key back unchanged, so every signature differs
    // even for two signs within the same second, and the key still names its user.
    const apiKey = `${fields.userId}.${randomBytes(9).toString('base64url')}`;
    return {
      apiKey,
      timestamp,
      signature: this.digest({ apiKey, folder: fields.folder, timestamp }),
    };
  }

  /** True when the signature was made by this server for exactly these fields. */
  isAuthentic(fields: {
    apiKey: string;
    folder: string;
    timestamp: number;
    signature: string;
  }): boolean {
    const expected = Buffer.from(this.digest(fields));
    const given = Buffer.from(fields.signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** True while a signature made at `timestamp` may still start an upload. */
  isFresh(timestamp: number, now: Date = new Date()): boolean {
    const age = Math.floor(now.getTime() / 1000) - timestamp;
    return age <= this.lifetimeSeconds && age >= -60;
  }
}

/** The user an api key was issued to. */
export function userIdOfApiKey(apiKey: string): string {
  return apiKey.split('.')[0] ?? '';
}

/** Stored instead of the signature itself, to refuse a second use. */
export function signatureHash(signature: string): string {
  return createHash('sha256').update(signature).digest('base64url');
}
