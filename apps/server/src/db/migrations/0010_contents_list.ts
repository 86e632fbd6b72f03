import { type Kysely, sql } from 'kysely';

// The vehicle list (issue 8) answers within 50 ms at a million vehicles (bench/contents-list.ts):
// - keywords match any part of maker, car name, management ID, chassis number and listing ID: PostgreSQL keeps
//   their lower-cased concatenation in `search_text` (a generated column, one field a line so no keyword spans
//   two), indexed by trigrams led by the tenant (btree_gin), so a keyword common across tenants is narrowed to
//   the caller's company inside the index. A keyword too short for a trigram (two kanji: 佐藤) is matched by
//   reading an index that carries the text and the owner, never the table; the colour filter has its own trigram
//   index; the owner's name is matched through a trigram index on users;
// - each sort of a tenant reads its page in order from an index over the vehicles the list shows by default
//   (published, limited or unpublished), whose id ends the key as the tie-breaker, so a deep page is skipped
//   inside the index instead of sorting the tenant's rows; the creation-order index also carries every column a
//   with/without, year, repair, owner or state filter reads, so a filtered list is counted from the index alone;
//   master's list across tenants has its own pair;
// - sleeping and deleted vehicles (the trash) are listed by state.
// pg_trgm and btree_gin are trusted extensions (PostgreSQL 13+): the database owner creates them without
// superuser rights (docs/operations.md).

const CONTENT_SEARCH_TEXT = sql.raw(
  "lower(maker || E'\\n' || car_name || E'\\n' || management_id || E'\\n' || chassis_number || E'\\n' || listing_id)",
);

const LISTED = sql.raw("publication IN ('published', 'limited_public', 'unpublished')");

/** What the list's filters read besides the sort key: counted without visiting the table. */
const FILTER_COLUMNS = sql.raw(
  'publication, owner_user_id, updated_at, has_exterior, has_interior, has_rider_view, has_category_images, ' +
    'has_web_negotiation, listing_link, first_registration_year, repair_history',
);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
  await sql`ALTER TABLE contents ADD COLUMN search_text text GENERATED ALWAYS AS (${CONTENT_SEARCH_TEXT}) STORED NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX contents_search_trgm_idx ON contents USING gin (domain_id, search_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX contents_list_search_idx ON contents (domain_id, created_at, id) INCLUDE (search_text, owner_user_id) WHERE ${LISTED}`.execute(
    db,
  );
  await sql`CREATE INDEX contents_color_trgm_idx ON contents USING gin (domain_id, (lower(body_color)) gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX users_name_trgm_idx ON users USING gin ((lower(name)) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX contents_list_created_idx ON contents (domain_id, created_at, id) INCLUDE (${FILTER_COLUMNS}) WHERE ${LISTED}`.execute(
    db,
  );
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
    'contents_list_search_idx',
    'users_name_trgm_idx',
    'contents_color_trgm_idx',
    'contents_search_trgm_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
  }
  await sql`ALTER TABLE contents DROP COLUMN IF EXISTS search_text`.execute(db);
  // The extensions stay: other objects may have come to use them.
}
