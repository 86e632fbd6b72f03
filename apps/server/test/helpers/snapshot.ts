import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';

/**
 * The md5 of a table's rows in id order (each row as JSON without the `omit` columns, or only its id), computed in
 * PostgreSQL: a snapshot of tables that grow with the test file (the permission matrix makes a tenant per case)
 * does not travel to the test and back for every comparison. Any change to a row changes the digest.
 */
async function tableDigest(
  db: Db,
  table: 'users' | 'groups' | 'auth_tokens' | 'domains' | 'companies',
  { omit = [], idsOnly = false, liveOnly = false }: { omit?: string[]; idsOnly?: boolean; liveOnly?: boolean } = {},
): Promise<string> {
  const value = idsOnly ? sql`r.id::text` : sql`(to_jsonb(r) - ${sql.val(omit)}::text[])::text`;
  const where = liveOnly ? sql`r.revoked_at IS NULL` : sql`true`;
  const { rows } = await sql<{ digest: string }>`
    SELECT md5(coalesce(string_agg(${value}, ',' ORDER BY r.id), '')) AS digest
    FROM ${sql.table(table)} r WHERE ${where}`.execute(db);
  return rows[0]?.digest ?? '';
}

/**
 * Every user, group and live session, to prove a refused call changed nothing. The sign-in time is left out:
 * signing in to make the call is not the call.
 */
export async function accountsSnapshot(db: Db): Promise<string> {
  return JSON.stringify({
    users: await tableDigest(db, 'users', { omit: ['last_login_at'] }),
    groups: await tableDigest(db, 'groups'),
    sessions: await tableDigest(db, 'auth_tokens', { idsOnly: true, liveOnly: true }),
  });
}

/**
 * Whether any row of the accounts and tenancy tables was written: each table's row count and newest row version
 * (PostgreSQL gives every inserted or updated row version the writing transaction's id, xmin), so an insert, an
 * update (even one that writes the same values) or a delete changes it. For the permission matrix, whose tables
 * grow by a tenant per case: reading every row as JSON for each of its 351 cases cost 38 of its 44 s.
 */
export async function tenancySnapshot(db: Db): Promise<string> {
  const tables = ['users', 'groups', 'auth_tokens', 'domains', 'companies'] as const;
  const parts = tables.map(
    (table) =>
      sql<string>`(SELECT count(*) || '@' || coalesce(max(r.xmin::text::bigint), 0) FROM ${sql.table(table)} r)`,
  );
  const { rows } = await sql<{ versions: string }>`SELECT concat_ws(' ', ${sql.join(parts)}) AS versions`.execute(db);
  return rows[0]?.versions ?? '';
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
