import type { Db } from '../../db/database.ts';
import type { OneTimePurpose } from '../../db/schema.ts';
import { enforceThrottle, loginFailureSince, retryAfterSeconds } from './rate-limit.ts';
import { authRepo } from './repo.ts';

/**
 * What other areas ask of the sign-in area, which alone writes sessions (`auth_tokens`), one-time links, two-step
 * challenges, login attempts and throttle counters: ending sessions when an account changes, the profile's
 * password and e-mail changes, and the mail-sending limits. Built on the caller's Db or transaction.
 */
export function credentials(db: Db) {
  const repo = authRepo(db);
  return {
    /** The user as sign-in sees them (with their domain's options and names); undefined when gone. */
    signInUser: (userId: string) => repo.findUserWithDomain(userId),

    /** Seconds the address (for this username, or at all) must wait after failed sign-ins; 0 when it may try. */
    async loginWaitSeconds(ip: string, username: string, now: Date): Promise<number> {
      return retryAfterSeconds(await repo.recentFailures(ip, username, loginFailureSince(now)), now);
    },

    /** A wrong password given outside the login form still counts against the account's sign-in limit. */
    recordFailedLogin: (ip: string, username: string) => repo.recordAttempt(ip, username, false),

    /** Counts one request against each subject's limit, or refuses it with 429 (rate-limit.ts). */
    throttle: (action: string, limits: { subject: string; max: number }[], windowMs: number, now: Date) =>
      enforceThrottle(repo, action, limits, windowMs, now),

    findLink: (hash: Buffer, purpose: OneTimePurpose) => repo.findOneTimeToken(hash, purpose),
    /** True only for the one caller that used the link (a link works once). */
    useLink: (id: string) => repo.useOneTimeToken(id),
    voidLinks: (userId: string, purpose: OneTimePurpose) => repo.voidOneTimeTokens(userId, purpose),

    endSessionsOf: (userIds: readonly string[]) => repo.revokeSessionsOfUsers(userIds),
    /** Every session of the user but the one given (the caller's own stays signed in); all without one. */
    endOtherSessions: (userId: string, keepSessionId: string | undefined) =>
      repo.revokeUserSessions(userId, keepSessionId),
    endDomainSessions: (domainId: string, at: Date) => repo.revokeSessionsOfDomain(domainId, at),
  };
}

export type Credentials = ReturnType<typeof credentials>;
