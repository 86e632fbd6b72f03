import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES_PER_IP, LOGIN_MAX_FAILURES_PER_USERNAME } from '@spinyard/domain';

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
