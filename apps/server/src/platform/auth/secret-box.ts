/**
 * Encrypts small secrets kept in the database (authenticator secrets) with AES-256-GCM under a
 * key derived from the server secret, so a copy of the database alone does not hold them.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string, purpose: string) {
    this.key = createHmac('sha256', serverSecret).update(`kinora secret box: ${purpose}`).digest();
  }

  seal(plain: Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  /** Throws when the text was not sealed with this key (or was changed). */
  open(text: string): Buffer {
    const [iv, tag, sealed] = text.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !sealed) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]);
  }
}
