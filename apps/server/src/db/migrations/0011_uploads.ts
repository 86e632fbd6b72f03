import { type Kysely, sql } from 'kysely';

// Resumable video uploads (issue 9): one row per tus upload, so the console can show the spec's upload states and
// the exterior pipeline finds the checked files it is to turn into a spin. The id is tus's own (the file's name in
// the upload folder), so a row and its bytes are found by one key. The upload limit counts a vehicle's unfinished
// uploads of one purpose, hence the partial index.

const STATUSES = sql.raw(
  "'requested', 'ready', 'preparing', 'processing', 'pending', 'error', 'submitted', 'progressing', 'complete', 'canceled'",
);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('content_id', 'bigint', (c) => c.notNull().references('contents.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('requested'))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('container', 'text')
    .addColumn('error_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('uploads_status_check', sql`status IN (${STATUSES})`)
    .addCheckConstraint('uploads_size_check', sql`size > 0`)
    .execute();
  await sql`CREATE INDEX uploads_unfinished_idx ON uploads (content_id, purpose) WHERE status NOT IN ('error', 'canceled', 'complete')`.execute(
    db,
  );
  await db.schema.createIndex('uploads_user_idx').on('uploads').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').ifExists().execute();
}
