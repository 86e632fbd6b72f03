/**
 * A bound on events per key (an address, a user) over a sliding minute, in this node's memory only: nothing is
 * written anywhere, and several nodes each allow their own share. The minute before weighs by how much of it the
 * sliding minute still covers, so a burst at a minute's edge is not allowed twice.
 */
export function slidingMinuteLimiter(options: { perMinute: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  let windowStart = now();
  let current = new Map<string, number>();
  let previous = new Map<string, number>();

  return {
    /** Counts one event of `key`; false when the key is over its bound. */
    allow(key: string): boolean {
      const t = now();
      if (t - windowStart >= 60_000) {
        previous = t - windowStart >= 120_000 ? new Map() : current;
        current = new Map();
        windowStart = t - ((t - windowStart) % 60_000);
      }
      // The previous minute weighs by how much of it the sliding minute still covers.
      const weight = 1 - (t - windowStart) / 60_000;
      const seen = (current.get(key) ?? 0) + Math.floor((previous.get(key) ?? 0) * weight);
      if (seen >= options.perMinute) return false;
      current.set(key, (current.get(key) ?? 0) + 1);
      return true;
    },
  };
}
export type SlidingMinuteLimiter = ReturnType<typeof slidingMinuteLimiter>;
