import { isAnotherUserLogin } from '@spinyard/domain';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';

/** What a `storage` event from another tab means for this tab's signed-in session. */
export function reactionToTokenChange(
  key: string | null,
  oldValue: string | null,
  newValue: string | null,
  stillStored: string | null,
): 'none' | 'signed_out' | 'another_user' {
  // key null: the other tab cleared the whole storage.
  if (key !== null && key !== STORAGE_KEYS.accessToken) return 'none';
  if (!stillStored) return 'signed_out';
  if (key !== null && isAnotherUserLogin(oldValue, newValue)) return 'another_user';
  return 'none';
}
