import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database sealed with AES-256-GCM under a key derived from a server secret (the video site's
 * tokens, the listing partner's password and session): a row read without the key tells nothing, and a changed
 * text does not open.
 */
const SEALED_PREFIX = 'v1.';

export interface JsonSealer<T> {
  seal(value: T): string;
  /** The value, or null when the text was not sealed by this key (or was changed). */
  open(sealed: string): T | null;
}

/** A 32-byte key of `secret` for one use (`info` names it: two uses never share a key). */
export function derivedKey(secret: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32));
}

export function jsonSealer<T>(key: Buffer): JsonSealer<T> {
  return {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed) {
      if (!sealed.startsWith(SEALED_PREFIX)) return null;
      const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
      if (raw.length < 29) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
        return JSON.parse(text) as T;
      } catch {
        return null;
      }
    },
  };
}
