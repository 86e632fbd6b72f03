import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { derivedKey, jsonSealer } from '../../platform/sealed-json.ts';
import type { Tokens } from '../../platform/video-sharing/port.ts';
import { serverSecret } from '../vehicle-media/media-urls.ts';

/**
 * The server key of video sharing: the tokens are sealed with AES-256-GCM before they reach the database, and the
 * OAuth state is an HMAC binding the consent to the user who asked for it (CSRF). Both keys are derived from one
 * secret kept in `media_secrets` (the shared-secret table every node reads, made by the first node that asks), so
 * any node opens what another sealed.
 */

const SECRET_NAME = 'video-sharing';
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
  const sealer = jsonSealer<Tokens>(derivedKey(secret, 'spinyard video-sharing tokens'));
  const stateKey = derivedKey(secret, 'spinyard video-sharing state');
  const mac = (text: string) => createHmac('sha256', stateKey).update(text).digest('base64url');
  return {
    seal: (tokens) => sealer.seal(tokens),
    open: (sealed) => sealer.open(sealed),
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
