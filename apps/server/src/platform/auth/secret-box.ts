/**
 * Encrypts small secrets kept in the database (authenticator secrets) with AES-256-GCM under a
 * key derived from a server secret, so a copy of the database alone does not hold them.
 *
 * A box may know earlier server secrets too: it seals with the first and opens with any, so
 * what was sealed under an earlier secret still opens and can be sealed again (`reseal`).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export class SecretBox {
  private readonly keys: Buffer[];

  /** `serverSecrets`: the current one first, then earlier ones still to be read. */
  constructor(serverSecrets: string | readonly string[], purpose: string) {
    const secrets = typeof serverSecrets === 'string' ? [serverSecrets] : serverSecrets;
    if (secrets.length === 0) throw new Error('A secret box needs a secret');
    this.keys = secrets.map((secret) =>
      createHmac('sha256', secret).update(`kinora secret box: ${purpose}`).digest(),
    );
  }

  seal(plain: Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0]!, iv);
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  /** Throws when the text was sealed with none of this box's keys (or was changed). */
  open(text: string): Buffer {
    return this.openWith(text).plain;
  }

  /**
   * The text sealed under the current key when an earlier one sealed it, else null (it is
   * current already). Throws as `open` does.
   */
  reseal(text: string): string | null {
    const { plain, keyIndex } = this.openWith(text);
    return keyIndex === 0 ? null : this.seal(plain);
  }

  private openWith(text: string): { plain: Buffer; keyIndex: number } {
    const [iv, tag, sealed] = text.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !sealed) throw new Error('Not a sealed secret');
    for (const [keyIndex, key] of this.keys.entries()) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        return { plain: Buffer.concat([decipher.update(sealed), decipher.final()]), keyIndex };
      } catch {
        // Not this key: the next one may be it.
      }
    }
    throw new Error('Sealed with another key');
  }
}
