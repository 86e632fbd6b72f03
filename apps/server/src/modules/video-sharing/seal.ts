import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Tokens } from '../../platform/video-sharing/port.ts';
import { serverSecret } from '../vehicle-media/media-urls.ts';

/**
 * The server key of video sharing: the tokens are sealed with AES-256-GCM before they reach the database, and the
 * OAuth state is an HMAC binding the consent to the user who asked for it (CSRF). Both keys are derived from one
 * secret kept in `media_secrets` (the shared-secret table every node reads, made by the first node that asks), so
 * any node opens what another sealed.
 */

const SECRET_NAME = 'video-sharing';
const SEALED_PREFIX = 'v1.';
/** A consent longer than this is refused: the state was handed out for one sitting. */
export const STATE_SECONDS = 30 * 60;

export interface VideoSharingKeys {
  seal(tokens: Tokens): string;
  /** The tokens, or null when the text was not sealed by this server's key (or was changed). */
  open(sealed: string): Tokens | null;
  stateFor(userId: string, nowMs: number): string;
  /** Whether `state` was made for `userId` and is still fresh. */
  stateHolds(state: string, userId: string, nowMs: number): boolean;
}

const keyCache = new WeakMap<Db, Promise<Buffer>>();

export async function videoSharingKeys(db: Db): Promise<VideoSharingKeys> {
  let pending = keyCache.get(db);
  if (!pending) {
    pending = serverSecret(db, SECRET_NAME);
    keyCache.set(db, pending);
  }
  const secret = await pending;
  const sealKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'spinyard video-sharing tokens', 32));
  const stateKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'spinyard video-sharing state', 32));
  const mac = (text: string) => createHmac('sha256', stateKey).update(text).digest('base64url');
  return {
    seal(tokens) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
      return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed) {
      if (!sealed.startsWith(SEALED_PREFIX)) return null;
      const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
      if (raw.length < 29) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', sealKey, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
        return JSON.parse(text) as Tokens;
      } catch {
        return null;
      }
    },
    stateFor(userId, nowMs) {
      const body = `${userId}.${Math.floor(nowMs / 1000) + STATE_SECONDS}.${randomBytes(12).toString('base64url')}`;
      return `${body}.${mac(body)}`;
    },
    stateHolds(state, userId, nowMs) {
      const parts = state.split('.');
      if (parts.length !== 4) return false;
      const [user, expires, nonce, signature] = parts as [string, string, string, string];
      const expected = Buffer.from(mac(`${user}.${expires}.${nonce}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      return user === userId && Number(expires) * 1000 > nowMs;
    },
  };
}
