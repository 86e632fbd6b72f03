import { type Kysely, sql } from 'kysely';

// Issue 3, sign-in paths: counted requests for the mail-sending endpoints (password reset, activation resend),
// so their rate limits hold across restarts and server nodes like the login limits do. One row per request;
// `action` names the endpoint, `subject` what is counted (an e-mail address or a client address).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('throttle_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('throttle_events_subject_idx')
    .on('throttle_events')
    .columns(['action', 'subject', 'created_at'])
    .execute();
  await db.schema.createIndex('throttle_events_created_idx').on('throttle_events').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('throttle_events').ifExists().execute();
}
