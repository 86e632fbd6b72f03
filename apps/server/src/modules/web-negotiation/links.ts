import type { Db } from '../../db/database.ts';
import { derivedKey, type JsonSealer, jsonSealer } from '../../platform/sealed-json.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { serverSecret } from '../vehicle-media/media-urls.ts';

/**
 * Meeting links: 32 random bytes each, looked up by their SHA-256 digest as the sign-in tokens are, and kept sealed
 * (AES-256-GCM under a key of the server's shared secret) so the same link can be shown again: a dealer who copies
 * an invitee's link after mailing it, or edits the meeting, must not break the link the buyer already holds. A link
 * stops opening anything once its meeting ended or was deleted (rooms.ts).
 */
export interface MeetingLink {
  token: string;
  hash: string;
  sealed: string;
}

export interface MeetingLinks {
  /** A new link. */
  mint(): MeetingLink;
  /** The link kept for a row, or a new one when none was kept (rows from before sealing) or it no longer matches. */
  keep(row: { hash: string | null; sealed: string | null }): MeetingLink;
}

const sealers = new WeakMap<Db, Promise<JsonSealer<string>>>();

function sealerOf(db: Db): Promise<JsonSealer<string>> {
  let pending = sealers.get(db);
  if (!pending) {
    pending = serverSecret(db, 'meeting-links').then((secret) =>
      jsonSealer<string>(derivedKey(secret, 'spinyard meeting links')),
    );
    sealers.set(db, pending);
  }
  return pending;
}

export async function meetingLinks(db: Db): Promise<MeetingLinks> {
  const sealer = await sealerOf(db);
  const mint = (): MeetingLink => {
    const { token, hash } = newToken();
    return { token, hash: hash.toString('hex'), sealed: sealer.seal(token) };
  };
  return {
    mint,
    keep(row) {
      const token = row.sealed ? sealer.open(row.sealed) : null;
      if (token && row.hash && hashToken(token).toString('hex') === row.hash) {
        return { token, hash: row.hash, sealed: row.sealed as string };
      }
      return mint();
    },
  };
}

export { hashToken } from '../auth/tokens.ts';
