import { SESSION_CACHE_TTL_MS } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { createSessionCache } from './sessionCache.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      map.set(k, v);
    },
    removeItem: (k: string) => {
      map.delete(k);
    },
  };
}

describe('session cache', () => {
  it('stores entries under spinyard.cache.<key> with savedAt and value', () => {
    const storage = memoryStorage();
    const cache = createSessionCache(
      () => storage,
      () => 1000,
    );
    cache.write('profile', { name: 'A' });
    expect(JSON.parse(storage.map.get('spinyard.cache.profile') ?? '')).toEqual({
      savedAt: 1000,
      value: { name: 'A' },
    });
  });

  it('serves a fresh entry and drops one older than five minutes', () => {
    const storage = memoryStorage();
    let now = 0;
    const cache = createSessionCache(
      () => storage,
      () => now,
    );
    cache.write('k', 42);
    now = SESSION_CACHE_TTL_MS;
    expect(cache.read('k')).toBe(42);
    now = SESSION_CACHE_TTL_MS + 1;
    expect(cache.read('k')).toBeUndefined();
    expect(storage.map.has('spinyard.cache.k')).toBe(false);
  });

  it('loads once while the entry is fresh and does not cache failures', async () => {
    const storage = memoryStorage();
    const cache = createSessionCache(
      () => storage,
      () => 0,
    );
    let calls = 0;
    const load = async () => {
      calls += 1;
      return 'v';
    };
    expect(await cache.getOrLoad('x', load)).toBe('v');
    expect(await cache.getOrLoad('x', load)).toBe('v');
    expect(calls).toBe(1);
    await expect(cache.getOrLoad('y', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(storage.map.has('spinyard.cache.y')).toBe(false);
  });

  it('clears only its own keys', () => {
    const storage = memoryStorage();
    const cache = createSessionCache(() => storage);
    storage.setItem('other', '1');
    cache.write('a', 1);
    cache.write('b', 2);
    cache.clear();
    expect([...storage.map.keys()]).toEqual(['other']);
  });

  it('treats a corrupt entry as missing', () => {
    const storage = memoryStorage();
    storage.setItem('spinyard.cache.bad', '{not json');
    const cache = createSessionCache(() => storage);
    expect(cache.read('bad')).toBeUndefined();
  });
});
