import { type Kysely, sql } from 'kysely';

// Issue 22 (helper "autojoin"). The linkage report reads each vehicle's last failure and last unlink from the link
// events, a page of vehicles at a time: by vehicle, newest first, instead of a scan of every event per page.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX listing_events_content_at ON listing_events (content_id, at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS listing_events_content_at`.execute(db);
}
