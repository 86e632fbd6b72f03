import type { Db } from '../../src/db/database.ts';
import type { TokenKind } from '../../src/db/schema.ts';

/**
 * Moves a user's links, codes or tokens past their expiry, as the passing of time would. The product reads the
 * time from the database, and no repository changes an expiry on purpose, so this is the one place tests do.
 */
export async function expire(
  db: Db,
  what: 'one_time_tokens' | 'two_step_challenges' | 'auth_tokens',
  userId: string,
  only: { purpose?: string; kind?: TokenKind } = {},
): Promise<void> {
  const past = new Date(Date.now() - 1000);
  if (what === 'auth_tokens') {
    let q = db.updateTable('auth_tokens').set({ expires_at: past }).where('user_id', '=', userId);
    if (only.kind) q = q.where('kind', '=', only.kind);
    await q.execute();
  } else if (what === 'one_time_tokens') {
    let q = db.updateTable('one_time_tokens').set({ expires_at: past }).where('user_id', '=', userId);
    if (only.purpose) q = q.where('purpose', '=', only.purpose as never);
    await q.execute();
  } else {
    await db.updateTable('two_step_challenges').set({ expires_at: past }).where('user_id', '=', userId).execute();
  }
}
