/**
 * A map that keeps only the `limit` entries used last, for answers that are the same for many callers (a vehicle's
 * viewer page): `get` marks an entry used, `set` drops the least recently used one past the limit. A Map keeps its
 * keys in insertion order, so re-inserting on use makes its first key the least recent.
 */
export function recentlyUsed<K, V>(limit: number) {
  const entries = new Map<K, V>();
  return {
    get(key: K): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: K, value: V): V {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > limit) entries.delete(entries.keys().next().value as K);
      return value;
    },
  };
}
