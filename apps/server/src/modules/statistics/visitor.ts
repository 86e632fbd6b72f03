import { createHmac, randomBytes } from 'node:crypto';
import { type SlidingMinuteLimiter, slidingMinuteLimiter } from '../../http/rate-limit.ts';

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
export const ipRateLimiter = slidingMinuteLimiter;
export type IpRateLimiter = SlidingMinuteLimiter;
