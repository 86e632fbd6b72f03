import type { Db } from '../../db/database.ts';
import type { ListingSession } from '../../platform/listing/port.ts';
import { derivedKey, type JsonSealer, jsonSealer } from '../../platform/sealed-json.ts';
import { serverSecret } from '../vehicle-media/media-urls.ts';

/**
 * What is kept sealed of a dealer's partner account: the password (the jobs sign in again when the partner's
 * session runs out, long after the dealer typed it) and the current session. Sealed with AES-256-GCM under a key of
 * the server's shared secret (media_secrets), as the video site's tokens are, so any node opens it.
 */
export interface ListingSecret {
  password: string;
  session: ListingSession | null;
}

const keyCache = new WeakMap<Db, Promise<JsonSealer<ListingSecret>>>();

export function listingSealer(db: Db): Promise<JsonSealer<ListingSecret>> {
  let pending = keyCache.get(db);
  if (!pending) {
    pending = serverSecret(db, 'listing').then((secret) =>
      jsonSealer<ListingSecret>(derivedKey(secret, 'spinyard listing credentials')),
    );
    keyCache.set(db, pending);
  }
  return pending;
}
