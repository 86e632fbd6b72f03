import { type Kysely, sql } from 'kysely';

// Publishing (issue 10): one row per vehicle that has a public address or a built manifest. The manifest itself
// is a content-addressed JSON blob; the row points to the current one (and keeps the one before, whose files stay
// for viewers that loaded it just before a republish), so replacing it is one UPDATE. `token_secret` keys the
// limited publication's viewer tokens, so tokens stay valid across nodes and restarts without a server secret.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('publications')
    .addColumn('content_id', 'bigint', (c) => c.primaryKey().references('contents.id').onDelete('cascade'))
    .addColumn('short_id', 'text', (c) => c.notNull().unique())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('token_secret', 'text', (c) => c.notNull())
    .addColumn('manifest_key', 'text')
    .addColumn('manifest_sha256', 'text')
    .addColumn('previous_manifest_key', 'text')
    // Every published file each manifest names: the nightly orphan sweep keeps them (media-areas.ts).
    .addColumn('manifest_keys', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('previous_manifest_keys', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('built_at', 'timestamptz')
    .addColumn('built_by_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('publications_short_id_check', sql`short_id ~ '^[0-9A-Za-z]{10}$'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('publications').ifExists().execute();
}
