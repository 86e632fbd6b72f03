import { type Kysely, sql } from 'kysely';

// The vehicle list (issue 8) answers within 50 ms at a million vehicles (bench/contents-list.ts):
// - keywords match any part of maker, car name, management ID, chassis number and listing ID through one trigram
//   index over their lower-cased concatenation (CONTENT_SEARCH_TEXT; the list repository writes the very same
//   expression so PostgreSQL matches it), and the owner's name through a trigram index on users;
// - each sort of a tenant reads its page in order from an index over the vehicles the list shows by default
//   (published, limited or unpublished), whose id ends the key as the tie-breaker, so a deep page is skipped
//   inside the index instead of sorting the tenant's rows; master's list across tenants has its own pair;
// - sleeping and deleted vehicles (the trash) are listed by state.
// pg_trgm is a trusted extension (PostgreSQL 13+): the database owner creates it without superuser rights
// (docs/operations.md).

/** The list repository writes the same expression (list-repo.ts: searchText); a test checks the index serves it. */
const CONTENT_SEARCH_TEXT = sql.raw(
  "lower(maker || E'\\n' || car_name || E'\\n' || management_id || E'\\n' || chassis_number || E'\\n' || listing_id)",
);

const LISTED = sql.raw("publication IN ('published', 'limited_public', 'unpublished')");

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX contents_search_trgm_idx ON contents USING gin ((${CONTENT_SEARCH_TEXT}) gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX users_name_trgm_idx ON users USING gin ((lower(name)) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX contents_list_created_idx ON contents (domain_id, created_at, id) WHERE ${LISTED}`.execute(db);
  await sql`CREATE INDEX contents_list_updated_idx ON contents (domain_id, updated_at, id) WHERE ${LISTED}`.execute(db);
  await sql`CREATE INDEX contents_all_created_idx ON contents (created_at, id) WHERE ${LISTED}`.execute(db);
  await sql`CREATE INDEX contents_all_updated_idx ON contents (updated_at, id) WHERE ${LISTED}`.execute(db);
  await sql`CREATE INDEX contents_state_idx ON contents (domain_id, publication, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'contents_state_idx',
    'contents_all_updated_idx',
    'contents_all_created_idx',
    'contents_list_updated_idx',
    'contents_list_created_idx',
    'users_name_trgm_idx',
    'contents_search_trgm_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
  }
  // The extension stays: other objects may have come to use it.
}
