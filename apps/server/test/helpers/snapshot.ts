import type { Db } from '../../src/db/database.ts';

/**
 * Every user, group and live session, to prove a refused call changed nothing. The sign-in time is left out:
 * signing in to make the call is not the call.
 */
export async function accountsSnapshot(db: Db): Promise<string> {
  const users = (await db.selectFrom('users').selectAll().orderBy('id').execute()).map(
    ({ last_login_at: _signedIn, ...rest }) => rest,
  );
  const sessions = await db
    .selectFrom('auth_tokens')
    .select(['id', 'revoked_at'])
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .execute();
  const groups = await db.selectFrom('groups').selectAll().orderBy('id').execute();
  return JSON.stringify({ users, groups, sessions: sessions.map((s) => s.id) });
}

/** A tenant's rows of one table as plain JSON, to compare before and after a refused request. */
export async function tenantSnapshot(
  db: Db,
  table: 'domains' | 'companies' | 'users',
  domainId: string,
): Promise<string> {
  const rows =
    table === 'domains'
      ? await db.selectFrom('domains').selectAll().where('id', '=', domainId).execute()
      : await db.selectFrom(table).selectAll().where('domain_id', '=', domainId).orderBy('id').execute();
  return JSON.stringify(rows, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('hex') : value));
}
