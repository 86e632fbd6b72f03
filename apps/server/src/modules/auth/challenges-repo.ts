import type { Db } from '../../db/database.ts';

/** Two-step challenges: a code sent, its attempts counted atomically, closed once. */
export function challengesRepo(db: Db) {
  return {
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
  };
}
