import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TokenKind, UserRow } from '../../db/schema.ts';

export function authRepo(db: Db) {
  return {
    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    async insertTokens(
      rows: {
        userId: string;
        sessionId: string;
        kind: TokenKind;
        hash: Buffer;
        device: string;
        application: string;
        ip: string;
        expiresAt: Date;
      }[],
    ): Promise<void> {
      await db
        .insertInto('auth_tokens')
        .values(
          rows.map((r) => ({
            user_id: r.userId,
            session_id: r.sessionId,
            kind: r.kind,
            token_hash: r.hash,
            device: r.device,
            application: r.application,
            ip: r.ip,
            expires_at: r.expiresAt,
          })),
        )
        .execute();
    },

    /** A live token with its user; expired and revoked tokens are not found. */
    findLiveToken(hash: Buffer, kinds: readonly TokenKind[]) {
      return db
        .selectFrom('auth_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select([
          't.id as token_id',
          't.session_id',
          't.kind',
          't.last_used_at',
          'u.id as user_id',
          'u.domain_id',
          'u.company_id',
          'u.privilege_type',
          'u.status',
        ])
        .where('t.token_hash', '=', hash)
        .where('t.kind', 'in', kinds)
        .where('t.revoked_at', 'is', null)
        .where('u.deleted_at', 'is', null)
        .where('t.expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
    },

    async touchToken(tokenId: string, expiresAt: Date): Promise<void> {
      await db
        .updateTable('auth_tokens')
        .set({ last_used_at: new Date(), expires_at: expiresAt })
        .where('id', '=', tokenId)
        .execute();
    },

    /** Revokes every token of the session the given token belongs to (access and content tokens together). */
    async revokeSessionOf(hash: Buffer): Promise<number> {
      const result = await db
        .updateTable('auth_tokens')
        .set({ revoked_at: new Date() })
        .where('session_id', 'in', db.selectFrom('auth_tokens').select('session_id').where('token_hash', '=', hash))
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

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

    async markLogin(userId: string): Promise<void> {
      await db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', userId).execute();
    },
  };
}

export type AuthRepo = ReturnType<typeof authRepo>;
