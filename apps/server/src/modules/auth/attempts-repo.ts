import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** SQL of login attempts and throttle counters: what the sign-in and mail-sending limits count. */
export function attemptsRepo(db: Db) {
  return {
    async recordAttempt(ip: string, username: string, succeeded: boolean): Promise<void> {
      await db.insertInto('login_attempts').values({ ip, username, succeeded }).execute();
    },

    /** Failed attempts since `since` for the username and for the address, with the oldest of each. */
    async recentFailures(ip: string, username: string, since: Date) {
      const row = await db
        .selectFrom('login_attempts')
        .select([
          sql<number>`count(*) FILTER (WHERE username = ${username})::int`.as('by_username'),
          sql<number>`count(*) FILTER (WHERE ip = ${ip})::int`.as('by_ip'),
          sql<Date | null>`min(attempted_at) FILTER (WHERE username = ${username})`.as('oldest_username'),
          sql<Date | null>`min(attempted_at) FILTER (WHERE ip = ${ip})`.as('oldest_ip'),
        ])
        .where('succeeded', '=', false)
        .where('attempted_at', '>', since)
        .where((eb) => eb.or([eb('username', '=', username), eb('ip', '=', ip)]))
        .executeTakeFirstOrThrow();
      return row;
    },

    /** A successful sign-in forgives the username's earlier failures (not the address's). */
    async clearUsernameFailures(username: string): Promise<void> {
      await db.deleteFrom('login_attempts').where('username', '=', username).where('succeeded', '=', false).execute();
    },

    async pruneAttempts(before: Date): Promise<void> {
      await db.deleteFrom('login_attempts').where('attempted_at', '<', before).execute();
    },

    async recordThrottleEvent(action: string, subject: string): Promise<void> {
      await db.insertInto('throttle_events').values({ action, subject }).execute();
    },

    /** Requests of one action since `since` for the subject, with the oldest (when the window frees up). */
    async countThrottleEvents(action: string, subject: string, since: Date) {
      return db
        .selectFrom('throttle_events')
        .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`min(created_at)`.as('oldest')])
        .where('action', '=', action)
        .where('subject', '=', subject)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
    },

    async pruneThrottleEvents(before: Date): Promise<void> {
      await db.deleteFrom('throttle_events').where('created_at', '<', before).execute();
    },
  };
}
