import { type Kysely, sql } from 'kysely';

// Issue 23, point 4 (helper "annotate"). Automatic annotation stores what it finds as proposals: hotspots the
// dealer has not accepted yet, shown in the editor and never published (nor copied) until accepted.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE hotspots ADD COLUMN proposed boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE hotspots DROP COLUMN proposed`.execute(db);
}
