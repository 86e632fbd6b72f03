import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** SQL of login attempts and throttle counters: what the sign-in and mail-sending limits count. */
export function attemptsRepo(db: Db) {
  return {
    async recordAttempt(ip: string, username: string, succeeded: boolean): Promise<void> {
      await db.insertInto('login_attempts').values({ ip, username, succeeded }).execute();
    },

    /**
     * Failed attempts from the address for the username (since `since.pair`) and from the address for any
     * username (since `since.address`), each with its latest.
     */
    async recentFailures(ip: string, username: string, since: { pair: Date; address: Date }) {
      const pair = sql<boolean>`username = ${username} AND attempted_at > ${since.pair}`;
      const address = sql<boolean>`attempted_at > ${since.address}`;
      return db
        .selectFrom('login_attempts')
        .select([
          sql<number>`count(*) FILTER (WHERE ${pair})::int`.as('by_pair'),
          sql<number>`count(*) FILTER (WHERE ${address})::int`.as('by_ip'),
          sql<Date | null>`max(attempted_at) FILTER (WHERE ${pair})`.as('last_pair'),
          sql<Date | null>`max(attempted_at) FILTER (WHERE ${address})`.as('last_ip'),
        ])
        .where('succeeded', '=', false)
        .where('ip', '=', ip)
        .where('attempted_at', '>', new Date(Math.min(since.pair.getTime(), since.address.getTime())))
        .executeTakeFirstOrThrow();
    },

    /** A successful sign-in forgives the failures of its address for that username (not another address's). */
    async clearFailures(ip: string, username: string): Promise<void> {
      await db
        .deleteFrom('login_attempts')
        .where('ip', '=', ip)
        .where('username', '=', username)
        .where('succeeded', '=', false)
        .execute();
    },

    /** A password reset (the mailbox's owner proved who they are) forgives the username's failures everywhere. */
    async clearUsernameFailures(username: string): Promise<void> {
      await db.deleteFrom('login_attempts').where('username', '=', username).where('succeeded', '=', false).execute();
    },

    /** Deletes the attempts made before `before`; answers how many went. */
    async pruneAttempts(before: Date): Promise<number> {
      const result = await db.deleteFrom('login_attempts').where('attempted_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
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
