import { STORAGE_KEYS } from '../lib/storageKeys.ts';

/**
 * The credentials kept in localStorage (first document, section 4: "logged in means a stored access token
 * exists"). localStorage rather than cookies because other tabs must see a change (the "another user" alert).
 */
function read(key: string): string | null {
  try {
    const value = window.localStorage.getItem(key);
    return value ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  window.localStorage.setItem(key, value);
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was stored either.
  }
}

export const tokens = {
  access: () => read(STORAGE_KEYS.accessToken),
  content: () => read(STORAGE_KEYS.contentToken),
  temp: () => read(STORAGE_KEYS.tempToken),

  /** A successful sign-in replaces any pending second-step or device-limit token. */
  saveSignedIn(accessToken: string, contentToken: string): void {
    write(STORAGE_KEYS.accessToken, accessToken);
    write(STORAGE_KEYS.contentToken, contentToken);
    remove(STORAGE_KEYS.tempToken);
  },

  saveTemporary(tempToken: string): void {
    write(STORAGE_KEYS.tempToken, tempToken);
  },

  clearTemporary(): void {
    remove(STORAGE_KEYS.tempToken);
  },

  /** Logout: the tokens and every saved list condition go (second document, section 7). */
  clearAll(): void {
    remove(STORAGE_KEYS.accessToken);
    remove(STORAGE_KEYS.contentToken);
    remove(STORAGE_KEYS.tempToken);
    tokens.clearListConditions();
  },

  /** The saved list conditions (filters, sort, page size) of the previous user. */
  clearListConditions(): void {
    try {
      const doomed: string[] = [];
      for (let i = 0; i < window.localStorage.length; i++) {
        const key = window.localStorage.key(i);
        if (key?.startsWith(STORAGE_KEYS.listPrefix)) doomed.push(key);
      }
      for (const key of doomed) window.localStorage.removeItem(key);
    } catch {
      // Storage disabled: there are no saved conditions to clear.
    }
  },
};

export function isSignedIn(): boolean {
  return tokens.access() !== null;
}
