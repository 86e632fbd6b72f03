import type { LoginLimitMode } from './schemas/domain.ts';

/**
 * The simultaneous-login limit (first document section 4, answer 201; section 6: "the login-device limit applies
 * per account or domain"). The server counts the live sessions (rows, not guesses) and asks this whether one
 * more sign-in must first log a device out.
 *
 * Readings (copied to docs/decisions.md):
 * - "Reached" means the sessions already open are at or above the limit, so the new sign-in would exceed it: with
 *   a limit of 2 and 2 sessions open, the third sign-in gets 201 and the device list.
 * - per_account counts the signing-in user's own live sessions; per_domain counts every live session of every
 *   user of the domain. No limit (null) is never reached.
 * - A user's own login limit count (User entity, "login limit count") overrides the domain's when set: the
 *   operator can allow one account more devices, or fewer, than its domain. The mode stays the domain's.
 * - Sessions that wait for a second step, or for a device to be logged out, are not counted: they are not signed
 *   in yet.
 */

export interface LoginLimitInput {
  mode: LoginLimitMode;
  /** Maximum simultaneous sessions; null means no limit. */
  limit: number | null;
  activeSessionsForAccount: number;
  activeSessionsForDomain: number;
}

export function isLoginLimitReached(input: LoginLimitInput): boolean {
  if (input.limit === null) return false;
  const open = input.mode === 'per_account' ? input.activeSessionsForAccount : input.activeSessionsForDomain;
  return open >= input.limit;
}

/** The limit that applies to a user: their own when set, else the domain's. */
export function effectiveLoginLimit(userLimit: number | null | undefined, domainLimit: number | null): number | null {
  return userLimit ?? domainLimit;
}
