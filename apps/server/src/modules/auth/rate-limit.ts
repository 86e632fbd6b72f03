import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES_PER_IP, LOGIN_MAX_FAILURES_PER_USERNAME } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { attemptsRepo } from './attempts-repo.ts';
import type { AuthRepo } from './repo.ts';

/**
 * Login throttling. Failures are rows in login_attempts, so the limit holds across restarts and across
 * several server nodes. A username is locked after a few failures (guessing one account's password), an
 * address after more (one machine trying many accounts).
 */
export const LOGIN_THROTTLE = {
  windowMs: LOGIN_FAILURE_WINDOW_MS,
  maxFailuresPerUsername: LOGIN_MAX_FAILURES_PER_USERNAME,
  maxFailuresPerIp: LOGIN_MAX_FAILURES_PER_IP,
} as const;

export interface FailureCounts {
  by_username: number;
  by_ip: number;
  oldest_username: Date | null;
  oldest_ip: Date | null;
}

/** Seconds until the caller may try again, or 0 when not throttled. */
export function retryAfterSeconds(counts: FailureCounts, now: Date): number {
  const waits: number[] = [];
  if (counts.by_username >= LOGIN_THROTTLE.maxFailuresPerUsername && counts.oldest_username) {
    waits.push(counts.oldest_username.getTime() + LOGIN_THROTTLE.windowMs - now.getTime());
  }
  if (counts.by_ip >= LOGIN_THROTTLE.maxFailuresPerIp && counts.oldest_ip) {
    waits.push(counts.oldest_ip.getTime() + LOGIN_THROTTLE.windowMs - now.getTime());
  }
  if (waits.length === 0) return 0;
  return Math.max(1, Math.ceil(Math.max(...waits) / 1000));
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
