import { newToken } from '../auth/tokens.ts';

/**
 * Meeting links: 32 random bytes each, shown once (in the invitation, or to the host who asks) and kept only as a
 * SHA-256 digest, as the sign-in tokens are. A link stops opening anything once its meeting ended or was deleted
 * (rooms.ts). Changing an invitation hands out a new link: the old one stops working, the newest message always
 * holds the working one (docs/decisions.md).
 */
export function newLink(): { token: string; hash: string } {
  const { token, hash } = newToken();
  return { token, hash: hash.toString('hex') };
}

export { hashToken } from '../auth/tokens.ts';
