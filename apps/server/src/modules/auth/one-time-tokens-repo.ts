import type { Db } from '../../db/database.ts';
import type { OneTimePurpose } from '../../db/schema.ts';

/** One-time tokens (activation, password reset, e-mail change): a link issued, found, used once, voided. */
export function oneTimeTokensRepo(db: Db) {
  return {
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
