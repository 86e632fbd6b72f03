import { type Kysely, sql } from 'kysely';

// What a buyer's page is checked by (publishing/repo.ts, viewerRow: the publication, its vehicle's state, password
// and domain, that domain's design, which domain a host is) is kept in memory by every node (publishing/
// viewer-rows.ts). Any change of those columns, by whichever module or by hand in SQL, NOTIFYs
// `spinyard_viewer_rows` in its own transaction, so every node forgets what it kept once the change commits: an
// unpublished or deleted vehicle stops being served at once. One notice per statement (PostgreSQL folds equal ones
// in a transaction); rows the vehicle's other writes touch (titles, media, progress) do not fire it.

const TRIGGERS: readonly [table: string, events: string][] = [
  ['publications', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['contents', 'UPDATE OF publication, limited_password, domain_id OR DELETE OR TRUNCATE'],
  ['custom_designs', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['domains', 'INSERT OR UPDATE OF host OR DELETE OR TRUNCATE'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION viewer_rows_changed() RETURNS trigger AS $$
    BEGIN
      PERFORM pg_notify('spinyard_viewer_rows', TG_TABLE_NAME);
      RETURN NULL;
    END $$ LANGUAGE plpgsql
  `.execute(db);
  for (const [table, events] of TRIGGERS) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_viewer_rows AFTER ${events} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION viewer_rows_changed()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_viewer_rows ON ${table}`).execute(db);
  await sql`DROP FUNCTION IF EXISTS viewer_rows_changed()`.execute(db);
}
