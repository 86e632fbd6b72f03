import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TokenKind } from '../../db/schema.ts';

/** Tokens as sign-in writes and reads them: issued in pairs, found live, or found whatever their state. */
export function tokensRepo(db: Db) {
  /** A token row with the user it was issued to; each read picks its columns and conditions. */
  const tokenWithUser = () => db.selectFrom('auth_tokens as t').innerJoin('users as u', 'u.id', 't.user_id');

  return {
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
      return tokenWithUser()
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
      return tokenWithUser()
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

    /**
     * Accounts still waiting for activation whose every temporary token of `purpose` has ended by `now` (a first
     * payment's holds that lapsed unanswered): the abandoned registrations the hourly sweep releases.
     */
    async usersWithEndedHolds(purpose: string, now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('auth_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select('t.user_id')
        .distinct()
        .where('t.kind', '=', 'temporary')
        .where('t.purpose', '=', purpose)
        .where('u.status', '=', 'approval_pending')
        .where('u.deleted_at', 'is', null)
        .where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('auth_tokens as l')
                .select('l.id')
                .whereRef('l.user_id', '=', 't.user_id')
                .where('l.kind', '=', 'temporary')
                .where('l.purpose', '=', purpose)
                .where('l.revoked_at', 'is', null)
                .where('l.expires_at', '>', now),
            ),
          ),
        )
        .orderBy('t.user_id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.user_id);
    },

    /** Every temporary token of a user for one purpose, whatever its state (a first payment's holds). */
    temporaryTokensOf(userId: string, purpose: string) {
      return db
        .selectFrom('auth_tokens')
        .select(['expires_at', 'revoked_at'])
        .where('user_id', '=', userId)
        .where('kind', '=', 'temporary')
        .where('purpose', '=', purpose)
        .execute();
    },

    async touchToken(tokenId: string, expiresAt: Date): Promise<void> {
      await db
        .updateTable('auth_tokens')
        .set({ last_used_at: new Date(), expires_at: expiresAt })
        .where('id', '=', tokenId)
        .execute();
    },
  };
}
