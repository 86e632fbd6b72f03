import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hasRow } from '../sql.ts';

/** Sessions (the tokens of one sign-in): ended, counted, listed and locked for the login limit. */
export function sessionsRepo(db: Db) {
  const revokeLiveTokens = () =>
    db.updateTable('auth_tokens').set({ revoked_at: new Date() }).where('revoked_at', 'is', null);
  type TokenRevocation = ReturnType<typeof revokeLiveTokens>;

  /** Revokes the still-live tokens the filter picks; answers how many (already revoked ones do not count). */
  async function revokeTokens(pick: (q: TokenRevocation) => TokenRevocation): Promise<number> {
    const result = await pick(revokeLiveTokens()).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  return {
    /** Revokes every token of the session the given token belongs to (access and content tokens together). */
    revokeSessionOf(hash: Buffer): Promise<number> {
      return revokeTokens((q) =>
        q.where('session_id', 'in', db.selectFrom('auth_tokens').select('session_id').where('token_hash', '=', hash)),
      );
    },

    revokeSession(sessionId: string): Promise<number> {
      return revokeTokens((q) => q.where('session_id', '=', sessionId));
    },

    async isSessionLive(sessionId: string): Promise<boolean> {
      return hasRow(
        db
          .selectFrom('auth_tokens')
          .select('id')
          .where('session_id', '=', sessionId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`)
          .limit(1),
      );
    },

    /** Every token of the user (temporary ones too), except those of one session when given. */
    revokeUserSessions(userId: string, exceptSessionId?: string): Promise<number> {
      return revokeTokens((q) => {
        const ofUser = q.where('user_id', '=', userId);
        return exceptSessionId ? ofUser.where('session_id', '<>', exceptSessionId) : ofUser;
      });
    },

    /** Ends every session of these users at once (deleted, disabled, or a password set by someone else). */
    async revokeSessionsOfUsers(userIds: readonly string[]): Promise<void> {
      if (userIds.length === 0) return;
      await revokeTokens((q) => q.where('user_id', 'in', userIds));
    },

    /** Ends every session of a domain's users: a domain being deleted stops serving them at once. */
    async revokeSessionsOfDomain(domainId: string, at: Date): Promise<void> {
      await db
        .updateTable('auth_tokens')
        .set({ revoked_at: at })
        .where('revoked_at', 'is', null)
        .where('user_id', 'in', db.selectFrom('users').select('id').where('domain_id', '=', domainId))
        .execute();
    },

    /**
     * Serialises sign-ins that count the same sessions (one user, or one domain in per-domain mode) until the
     * transaction ends, so two devices signing in at once cannot both take the last free place.
     */
    async lockLoginLimit(scope: string): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`login-limit:${scope}`}, 0))`.execute(db);
    },

    /** Live signed-in sessions (one access token each) of a user, or of every user of a domain. */
    async countLiveSessions(scope: { userId: string } | { domainId: string }): Promise<number> {
      let query = db
        .selectFrom('auth_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('t.kind', '=', 'access')
        .where('t.revoked_at', 'is', null)
        .where('t.expires_at', '>', sql<Date>`now()`)
        .where('u.deleted_at', 'is', null);
      query =
        'userId' in scope
          ? query.where('t.user_id', '=', scope.userId)
          : query.where('u.domain_id', '=', scope.domainId);
      const row = await query.executeTakeFirstOrThrow();
      return row.n;
    },

    /** A user's live sessions, most recently used first; `id` is the access token's id. */
    listLiveSessions(userId: string) {
      return db
        .selectFrom('auth_tokens')
        .select(['id', 'session_id', 'device', 'application', 'ip', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .where('kind', '=', 'access')
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .orderBy('last_used_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The session of one of the user's live access tokens, by the token's id. */
    async findLiveSessionOf(userId: string, tokenId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('auth_tokens')
        .select('session_id')
        .where('id', '=', tokenId)
        .where('user_id', '=', userId)
        .where('kind', '=', 'access')
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row?.session_id;
    },
  };
}
