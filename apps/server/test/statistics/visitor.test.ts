import { describe, expect, it } from 'vitest';
import { ipRateLimiter, newDailySecret, visitorKey } from '../../src/modules/statistics/visitor.ts';

describe('visitor key', () => {
  it('is the same for one address, browser and day, and changes with any of them or the secret', () => {
    const secret = newDailySecret();
    const key = visitorKey(secret, '192.0.2.1', 'UA', '2026-03-01');
    expect(key).toHaveLength(16);
    expect(visitorKey(secret, '192.0.2.1', 'UA', '2026-03-01').equals(key)).toBe(true);
    for (const other of [
      visitorKey(secret, '192.0.2.2', 'UA', '2026-03-01'),
      visitorKey(secret, '192.0.2.1', 'UA2', '2026-03-01'),
      visitorKey(secret, '192.0.2.1', 'UA', '2026-03-02'),
      visitorKey(newDailySecret(), '192.0.2.1', 'UA', '2026-03-01'),
    ]) {
      expect(other.equals(key)).toBe(false);
    }
  });
});

describe('per-address rate limit', () => {
  it('refuses past the bound within a minute, per address, and lets the address in again later', () => {
    let now = 0;
    const limiter = ipRateLimiter({ perMinute: 3, now: () => now });
    expect([1, 2, 3, 4].map(() => limiter.allow('a'))).toEqual([true, true, true, false]);
    expect(limiter.allow('b')).toBe(true);
    // Half a minute into the next window, half of the last one (3 events, weighed down to 1) still counts.
    now = 90_000;
    expect([1, 2, 3].map(() => limiter.allow('a'))).toEqual([true, true, false]);
    now = 200_000;
    expect([1, 2, 3, 4].map(() => limiter.allow('a'))).toEqual([true, true, true, false]);
  });
});
