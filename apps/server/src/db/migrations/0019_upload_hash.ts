import { type Kysely, sql } from 'kysely';

// Issue 18 (a second upload of the same file is named): the SHA-256 of a walk-around video's bytes as uploaded,
// recorded when the upload is whole, so the console can name any earlier upload of the same file in the tenant.
// The backups' keys could not serve: they hash the copy made without metadata, never the bytes the dealer chose.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('sha256', 'text').execute();
  await sql`CREATE INDEX uploads_sha256_idx ON uploads (sha256, created_at) WHERE sha256 IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS uploads_sha256_idx`.execute(db);
  await db.schema.alterTable('uploads').dropColumn('sha256').execute();
}
