import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque bearer tokens: 32 random bytes, shown once to the client and stored only as a SHA-256 digest.
 * A fast digest is right here (unlike passwords): the secret has 256 bits of entropy, nothing to brute-force.
 */
export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
