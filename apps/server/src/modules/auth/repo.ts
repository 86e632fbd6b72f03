import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OneTimePurpose, TokenKind } from '../../db/schema.ts';
import { attemptsRepo } from './attempts-repo.ts';

/** What the sign-in paths need to know about a user: the account, and the options of the domain it belongs to. */
const USER_WITH_DOMAIN = [
  'u.id',
  'u.email',
  'u.password_hash',
  'u.status',
  'u.privilege_type',
  'u.domain_id',
  'u.company_id',
  'u.phone',
  'u.two_step_auth',
  'u.two_step_forced',
  'u.login_limit_count',
  'd.options as domain_options',
  'd.service_name as domain_service_name',
  'd.host as domain_host',
] as const;

/**
 * SQL of the auth area: users as sign-in sees them, tokens (sessions), login attempts, two-step challenges,
 * one-time tokens (activation, password reset, e-mail change) and throttle counters. Built on a `Db` or on a
 * transaction, so a use case can run several of these in one.
 */
export function authRepo(db: Db) {
  /** Live users of live domains: a domain marked for deletion signs nobody in (nor resets, nor activates). */
  const usersWithDomain = () =>
    db
      .selectFrom('users as u')
      .innerJoin('domains as d', 'd.id', 'u.domain_id')
      .select(USER_WITH_DOMAIN)
      .where('u.deleted_at', 'is', null)
      .where('d.status', '=', 'active');

  const revokeLiveTokens = () =>
    db.updateTable('auth_tokens').set({ revoked_at: new Date() }).where('revoked_at', 'is', null);
  type TokenRevocation = ReturnType<typeof revokeLiveTokens>;

  /** Revokes the still-live tokens the filter picks; answers how many (already revoked ones do not count). */
  async function revokeTokens(pick: (q: TokenRevocation) => TokenRevocation): Promise<number> {
    const result = await pick(revokeLiveTokens()).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  return {
    // Attempts and throttles live in their own file; callers get one repository of the auth area.
    ...attemptsRepo(db),

    findUserWithDomainByEmail(email: string) {
      return usersWithDomain().where(sql<string>`lower(u.email)`, '=', email.toLowerCase()).executeTakeFirst();
    },

    /** Whether a host is a registered domain's (any tenant's, deleting ones included); `host` is lower case. */
    async isDomainHost(host: string): Promise<boolean> {
      const row = await db
        .selectFrom('domains')
        .select('id')
        .where(sql<string>`lower(host)`, '=', host)
        .executeTakeFirst();
      return row !== undefined;
    },

    findUserWithDomain(userId: string) {
      return usersWithDomain().where('u.id', '=', userId).executeTakeFirst();
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
        purpose?: string | null;
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
            purpose: r.purpose ?? null,
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
          't.purpose',
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

    /**
     * A temporary token whatever its state (expired and revoked ones too), so the caller can tell "this sign-in
     * has ended" from "never existed"; with the device it was started from, carried over to the real tokens.
     */
    findTemporaryToken(hash: Buffer) {
      return db
        .selectFrom('auth_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select([
          't.id as token_id',
          't.session_id',
          't.purpose',
          't.device',
          't.application',
          't.ip',
          't.expires_at',
          't.revoked_at',
          'u.id as user_id',
          'u.deleted_at as user_deleted_at',
        ])
        .where('t.token_hash', '=', hash)
        .where('t.kind', '=', 'temporary')
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
    revokeSessionOf(hash: Buffer): Promise<number> {
      return revokeTokens((q) =>
        q.where('session_id', 'in', db.selectFrom('auth_tokens').select('session_id').where('token_hash', '=', hash)),
      );
    },

    revokeSession(sessionId: string): Promise<number> {
      return revokeTokens((q) => q.where('session_id', '=', sessionId));
    },

    async isSessionLive(sessionId: string): Promise<boolean> {
      const row = await db
        .selectFrom('auth_tokens')
        .select('id')
        .where('session_id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
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

    // ---- Two-step challenges -------------------------------------------------------------------------------

    async insertChallenge(values: { userId: string; sessionId: string; codeHash: string; expiresAt: Date }) {
      return db
        .insertInto('two_step_challenges')
        .values({
          user_id: values.userId,
          session_id: values.sessionId,
          code_hash: values.codeHash,
          expires_at: values.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    findOpenChallenge(sessionId: string) {
      return db
        .selectFrom('two_step_challenges')
        .select(['id', 'code_hash', 'attempts', 'expires_at'])
        .where('session_id', '=', sessionId)
        .where('consumed_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /**
     * Counts one attempt before the code is compared, atomically, so parallel guesses cannot go past the limit.
     * Undefined when the attempts are used up or the challenge is closed.
     */
    async spendAttempt(challengeId: string, maxAttempts: number): Promise<number | undefined> {
      const row = await db
        .updateTable('two_step_challenges')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', challengeId)
        .where('consumed_at', 'is', null)
        .where('attempts', '<', maxAttempts)
        .returning('attempts')
        .executeTakeFirst();
      return row?.attempts;
    },

    /** Closes a challenge; true only for the one caller that closed it (a code is used once). */
    async consumeChallenge(challengeId: string): Promise<boolean> {
      const result = await db
        .updateTable('two_step_challenges')
        .set({ consumed_at: new Date() })
        .where('id', '=', challengeId)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    // ---- One-time tokens -----------------------------------------------------------------------------------

    async insertOneTimeToken(values: {
      userId: string;
      purpose: OneTimePurpose;
      hash: Buffer;
      expiresAt: Date;
      payload?: Record<string, unknown>;
    }) {
      return db
        .insertInto('one_time_tokens')
        .values({
          user_id: values.userId,
          purpose: values.purpose,
          token_hash: values.hash,
          expires_at: values.expiresAt,
          payload: JSON.stringify(values.payload ?? {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    /** Ends the unused tokens of a purpose: a new link replaces the older ones, a done change voids the rest. */
    async voidOneTimeTokens(userId: string, purpose: OneTimePurpose): Promise<void> {
      await db
        .updateTable('one_time_tokens')
        .set({ used_at: new Date() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },

    findOneTimeToken(hash: Buffer, purpose: OneTimePurpose) {
      return db
        .selectFrom('one_time_tokens as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .select([
          'o.id',
          'o.user_id',
          'o.payload',
          'o.expires_at',
          'o.used_at',
          'u.email',
          'u.status',
          'u.deleted_at as user_deleted_at',
        ])
        .where('o.token_hash', '=', hash)
        .where('o.purpose', '=', purpose)
        .executeTakeFirst();
    },

    /** Marks a token used; true only for the one caller that did (a link works once). */
    async useOneTimeToken(id: string): Promise<boolean> {
      const result = await db
        .updateTable('one_time_tokens')
        .set({ used_at: new Date() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type AuthRepo = ReturnType<typeof authRepo>;
