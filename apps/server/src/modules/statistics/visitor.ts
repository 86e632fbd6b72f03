import { createHmac, randomBytes } from 'node:crypto';

/**
 * Who a visitor is, without a cookie and without keeping their address: an HMAC of (IP, user agent, day) under the
 * day's secret (a random key made on the day's first event and shared through the database by every node). Once the
 * day is over its secret is deleted, and no visitor key of that day can be recomputed from an address.
 */
export function visitorKey(secret: Buffer, ip: string, userAgent: string, day: string): Buffer {
  return createHmac('sha256', secret).update(`${ip}\n${userAgent}\n${day}`).digest().subarray(0, 16);
}

export const newDailySecret = (): Buffer => randomBytes(32);

/**
 * A bound on events per IP address over a sliding minute, in this node's memory only (so nothing about an address
 * is written anywhere). Generous, since many buyers on one mobile carrier share an address; it stops a script
 * hammering the endpoint, while the per-visitor bound keeps the counts honest.
 */
export function ipRateLimiter(options: { perMinute: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  let windowStart = now();
  let current = new Map<string, number>();
  let previous = new Map<string, number>();

  return {
    /** Counts one event from `ip`; false when the address is over its bound. */
    allow(ip: string): boolean {
      const t = now();
      if (t - windowStart >= 60_000) {
        previous = t - windowStart >= 120_000 ? new Map() : current;
        current = new Map();
        windowStart = t - ((t - windowStart) % 60_000);
      }
      // The previous minute weighs by how much of it the sliding minute still covers.
      const weight = 1 - (t - windowStart) / 60_000;
      const seen = (current.get(ip) ?? 0) + Math.floor((previous.get(ip) ?? 0) * weight);
      if (seen >= options.perMinute) return false;
      current.set(ip, (current.get(ip) ?? 0) + 1);
      return true;
    },
  };
}
export type IpRateLimiter = ReturnType<typeof ipRateLimiter>;
