import { LOGIN_THROTTLE } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { attemptsRepo } from './attempts-repo.ts';
import type { AuthRepo } from './repo.ts';

/**
 * Login throttling (issue 18). Failures are rows in login_attempts, so the limit holds across restarts and across
 * several server nodes. Two keys count them: the client address with the username (someone guessing one
 * account's password) and the address alone (one machine trying many accounts). A key that used its free
 * failures waits before its next attempt, longer after each further failure. A username as such is never held
 * back: five wrong passwords from anywhere locked any account, the master's included, for everyone.
 */
export { LOGIN_THROTTLE };

export interface FailureCounts {
  by_pair: number;
  by_ip: number;
  last_pair: Date | null;
  last_ip: Date | null;
}

/** The wait after a key's `failures`: none within the free ones, then the first delay doubled per further one. */
export function loginDelaySeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(
    LOGIN_THROTTLE.maxDelaySeconds,
    LOGIN_THROTTLE.firstDelaySeconds * 2 ** Math.min(failures - free, 30),
  );
}

/** Seconds until the caller may try again (the longer wait of its two keys, from each one's last failure), or 0. */
export function retryAfterSeconds(counts: FailureCounts, now: Date): number {
  const waitMs = (last: Date | null, failures: number, free: number) =>
    last ? last.getTime() + loginDelaySeconds(failures, free) * 1000 - now.getTime() : 0;
  const wait = Math.max(
    waitMs(counts.last_pair, counts.by_pair, LOGIN_THROTTLE.pair.free),
    waitMs(counts.last_ip, counts.by_ip, LOGIN_THROTTLE.address.free),
  );
  return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
}

/** The failures of the address with the username, and of the address, that still count at `now`. */
export function loginFailureSince(now: Date) {
  return {
    pair: new Date(now.getTime() - LOGIN_THROTTLE.pair.memoryMs),
    address: new Date(now.getTime() - LOGIN_THROTTLE.address.memoryMs),
  };
}

/**
 * Endpoints that send mail to an address anyone can type (password reset, activation resend): limited per
 * address, so nobody can flood a mailbox, and per client address, so one machine cannot probe or spam many.
 * The answer is the same whether the address exists or not, so the limit reveals nothing either.
 */
export const MAIL_REQUEST_THROTTLE = {
  windowMs: 60 * 60 * 1000,
  maxPerEmail: 5,
  maxPerIp: 20,
} as const;

export interface ThrottleCount {
  count: number;
  oldest: Date | null;
}

/** Seconds until a request is allowed again, or 0: the longest wait of the counts that are at their limit. */
export function throttleWaitSeconds(
  counts: { count: ThrottleCount; max: number }[],
  windowMs: number,
  now: Date,
): number {
  const waits = counts
    .filter(({ count, max }) => count.count >= max && count.oldest)
    .map(({ count }) => (count.oldest?.getTime() ?? 0) + windowMs - now.getTime());
  if (waits.length === 0) return 0;
  return Math.max(1, Math.ceil(Math.max(...waits) / 1000));
}

/**
 * Counts one request of `action` against each subject's limit within the window, or refuses it with 429 and
 * the wait. Refused requests are not counted, so a client that waits gets through.
 */
export async function enforceThrottle(
  repo: AuthRepo,
  action: string,
  limits: { subject: string; max: number }[],
  windowMs: number,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - windowMs);
  const counts = [];
  for (const { subject, max } of limits) {
    counts.push({ count: await repo.countThrottleEvents(action, subject, since), max });
  }
  const wait = throttleWaitSeconds(counts, windowMs, now);
  if (wait > 0) throw new AppError('too_many_attempts', { retryAfterSeconds: wait });
  for (const { subject } of limits) await repo.recordThrottleEvent(action, subject);
  await repo.pruneThrottleEvents(new Date(now.getTime() - 2 * windowMs));
}

/**
 * Failures of a password another area checks (the viewer's limited publication), counted in the same throttle
 * table: `assertAllowed` refuses with 429 and the wait once `max` failures fall within the window; only failures
 * are recorded, so a right password is never held back by earlier right ones.
 */
export function failureThrottle(db: Db, action: string, max: number, windowMs: number) {
  const repo = attemptsRepo(db);
  return {
    async assertAllowed(subject: string, now: Date): Promise<void> {
      const count = await repo.countThrottleEvents(action, subject, new Date(now.getTime() - windowMs));
      const wait = throttleWaitSeconds([{ count, max }], windowMs, now);
      if (wait > 0) throw new AppError('too_many_attempts', { retryAfterSeconds: wait });
    },
    recordFailure: (subject: string) => repo.recordThrottleEvent(action, subject),
  };
}
