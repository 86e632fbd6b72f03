import { SESSION_CACHE_TTL_MS } from '@spinyard/domain';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';

interface CacheEntry<T> {
  savedAt: number;
  value: T;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * The session-storage cache of slow-changing answers (profile, company code, contents service). It saves a
 * round trip per screen change; the short lifetime and the clear at logout and page unload keep it from
 * showing another user's or a stale tenant's data.
 */
export function createSessionCache(store: () => KeyValueStore | undefined, now: () => number = Date.now) {
  const fullKey = (key: string) => `${STORAGE_KEYS.cachePrefix}${key}`;

  function read<T>(key: string): T | undefined {
    const s = store();
    const raw = s?.getItem(fullKey(key));
    if (!s || raw == null) return undefined;
    try {
      const entry = JSON.parse(raw) as Partial<CacheEntry<T>>;
      if (typeof entry.savedAt !== 'number' || now() - entry.savedAt > SESSION_CACHE_TTL_MS) {
        s.removeItem(fullKey(key));
        return undefined;
      }
      return entry.value;
    } catch {
      s.removeItem(fullKey(key));
      return undefined;
    }
  }

  function write<T>(key: string, value: T): void {
    const entry: CacheEntry<T> = { savedAt: now(), value };
    try {
      store()?.setItem(fullKey(key), JSON.stringify(entry));
    } catch {
      // Storage full or disabled (private mode): the cache is an optimisation, the answer is still used.
    }
  }

  function clear(): void {
    const s = store();
    if (!s) return;
    const keys: string[] = [];
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k?.startsWith(STORAGE_KEYS.cachePrefix)) keys.push(k);
    }
    for (const k of keys) s.removeItem(k);
  }

  /** The cached answer when fresh, otherwise the loader's answer, cached. Failures are never cached. */
  async function getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = read<T>(key);
    if (hit !== undefined) return hit;
    const value = await load();
    write(key, value);
    return value;
  }

  return { read, write, clear, getOrLoad };
}

function browserSessionStorage(): KeyValueStore | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export const sessionCache = createSessionCache(browserSessionStorage);
