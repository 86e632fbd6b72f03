import { isAnotherUserLogin } from '@spinyard/domain';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';

/** Whether a `storage` event from another tab may concern the signed-in session (key null: storage cleared). */
export function touchesSession(key: string | null): boolean {
  return key === null || key === STORAGE_KEYS.accessToken;
}

/**
 * What the stored access token now means for this tab, which signed in with `tabToken`. Judged from the token
 * this tab holds and the one stored now, not from the event's old and new values: another tab's sign-in may
 * arrive as several events (an older console removed the token before writing the new one), and a removal seen
 * alone would wrongly read as a sign-out.
 */
export function reactionToTokenChange(
  tabToken: string | null,
  stillStored: string | null,
): 'none' | 'signed_out' | 'another_user' {
  if (!stillStored) return 'signed_out';
  if (isAnotherUserLogin(tabToken, stillStored)) return 'another_user';
  return 'none';
}
