import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Expiring signed media URLs and keyed published names (docs/decisions.md, "Media: who may load which file").
 * `<img>` and `<video>` cannot send an Authorization header, so the console's private media (every file of a
 * vehicle but its published copies) are answered as URLs that carry their own proof: an expiry and an HMAC over the
 * blob key and that expiry. Published copies are named by an HMAC of the tenant and the bytes' hash, so the same
 * bytes give unrelated names in two tenants and nobody without the secret can name a file from its bytes.
 */

/** Two keys from the one stored secret: rotating the secret changes both. */
export interface MediaKeys {
  sign: Buffer;
  names: Buffer;
}

export function deriveMediaKeys(secret: Buffer): MediaKeys {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest();
  return { sign: derive('spinyard media url signature v1'), names: derive('spinyard published media name v1') };
}

/** How long a signed URL is valid at least, in seconds. */
export const SIGNED_URL_TTL_SECONDS = 30 * 60;
/**
 * Expiries are rounded up to this step, so every answer within one step gives the same URL and the browser's cache
 * keeps working across the console's refetches; a URL is valid for the TTL plus at most one step.
 */
export const SIGNED_URL_STEP_SECONDS = 10 * 60;

export const SIGNATURE_PARAM = 'sig';
export const EXPIRY_PARAM = 'exp';

/** The expiry (Unix seconds) of a URL signed at `nowMs`. */
export function signedExpiry(nowMs: number): number {
  const earliest = Math.floor(nowMs / 1000) + SIGNED_URL_TTL_SECONDS;
  return Math.ceil(earliest / SIGNED_URL_STEP_SECONDS) * SIGNED_URL_STEP_SECONDS;
}

const signatureOf = (keys: MediaKeys, blobKey: string, expires: number): Buffer =>
  createHmac('sha256', keys.sign).update(`${blobKey}\n${expires}`).digest().subarray(0, 16);

/** The query string (without `?`) that lets anyone holding it load `blobKey` until `expires`. */
export function signatureQuery(keys: MediaKeys, blobKey: string, expires: number): string {
  return `${EXPIRY_PARAM}=${expires}&${SIGNATURE_PARAM}=${signatureOf(keys, blobKey, expires).toString('base64url')}`;
}

/**
 * Seconds the signed URL has left, or null when it is not one we made (wrong or missing signature, tampered key
 * or expiry) or has expired. Compared in constant time.
 */
export function signedSecondsLeft(
  keys: MediaKeys,
  blobKey: string,
  expiry: unknown,
  signature: unknown,
  nowMs: number,
): number | null {
  if (typeof expiry !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expiry)) return null;
  const expires = Number(expiry);
  // Compared as text, not decoded: base64 decoding ignores the last character's spare bits, so a decoded
  // comparison would take a few altered signatures as the one we made.
  const given = Buffer.from(signature);
  const wanted = Buffer.from(signatureOf(keys, blobKey, expires).toString('base64url'));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  const left = expires - Math.floor(nowMs / 1000);
  return left > 0 ? left : null;
}

/** The published name of bytes whose SHA-256 is `sha256`, for one tenant: 64 hex digits like a content hash. */
export function keyedName(keys: MediaKeys, tenant: string, sha256: string): string {
  return createHmac('sha256', keys.names).update(`${tenant}\n${sha256}`).digest('hex');
}
