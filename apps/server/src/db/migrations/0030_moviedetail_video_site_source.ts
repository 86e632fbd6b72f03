import { type Kysely, sql } from 'kysely';

// A video-site upload names its source by the source's kind: an original video by its row id, a content movie by
// its kind (slider, obvr, tour). 0023 made the column a bigint, so the promo's upload ("slider") failed with a
// database error; it becomes text, the ids it already holds kept as their digits.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE video_site_videos ALTER COLUMN source_id TYPE text USING source_id::text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM video_site_videos WHERE source_id !~ '^[0-9]+$';
    ALTER TABLE video_site_videos ALTER COLUMN source_id TYPE bigint USING source_id::bigint;
  `.execute(db);
}
