import { type Kysely, sql } from 'kysely';

// Lists sort and page in the database (issue 7): one index per sort of the user list, within a tenant and over
// live users only, so a page deep in a large tenant is read in order instead of sorting every row. The id ends
// each key as the tie-breaker the list orders by.
const USER_SORT_INDEXES = {
  users_list_created_idx: 'created_at',
  users_list_updated_idx: 'updated_at',
  users_list_name_idx: 'name',
  users_list_email_idx: 'email',
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, column] of Object.entries(USER_SORT_INDEXES)) {
    await sql`create index ${sql.id(name)} on users (domain_id, ${sql.id(column)}, id) where deleted_at is null`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(USER_SORT_INDEXES)) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
