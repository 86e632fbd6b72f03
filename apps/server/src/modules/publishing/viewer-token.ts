import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The limited publication's viewer token: `<expiry seconds>.<HMAC>`, keyed by the vehicle's own secret (a column,
 * so every node checks it without a shared server secret) and bound to the short id and to the password, so
 * changing the password ends every token given for the old one.
 */
const passwordTag = (password: string): string => createHash('sha256').update(password).digest('hex');

function mac(secret: string, shortId: string, expires: number, password: string): string {
  return createHmac('sha256', secret)
    .update(`${shortId}.${expires}.${passwordTag(password)}`)
    .digest('base64url');
}

export function signViewerToken(secret: string, shortId: string, password: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${expires}.${mac(secret, shortId, expires, password)}`;
}

export function viewerTokenValid(token: string, secret: string, shortId: string, password: string, now: Date): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(mac(secret, shortId, expires, password));
  const given = Buffer.from(match[2] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Passwords compared by their hashes, in constant time whatever their lengths. */
export function samePassword(given: string, stored: string): boolean {
  return stored !== '' && timingSafeEqual(Buffer.from(passwordTag(given)), Buffer.from(passwordTag(stored)));
}
