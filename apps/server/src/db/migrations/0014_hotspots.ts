import { type Kysely, sql } from 'kysely';

// Hotspots (issue 10): markers on an exterior row (key frames, interpolated between) or on an interior scene (yaw,
// pitch). A hotspot belongs to its row or scene: deleting or re-making the row (a new video gives new frames) or
// deleting the scene takes its hotspots with it, as their positions named frames or a picture that are gone.
// Files (annotation image, audio, video, custom icon) are content-addressed blobs whose keys are kept as JSON.
//
// Owner (test/structure/table-owners.test.ts): the hotspots area.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('hotspots')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('content_id', 'bigint', (c) => c.notNull().references('contents.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('exterior', 'interior')`))
    .addColumn('group_id', 'bigint', (c) => c.references('exterior_groups.id').onDelete('cascade'))
    .addColumn('key_frames', 'jsonb')
    .addColumn('scene_id', 'bigint', (c) => c.references('interior_scenes.id').onDelete('cascade'))
    .addColumn('yaw', 'double precision')
    .addColumn('pitch', 'double precision')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('icon_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('damage_type', 'text')
    .addColumn('damage_position', 'text')
    .addColumn('damage_colour', 'text', (c) => c.notNull().defaultTo('white'))
    .addColumn('video_id', 'text')
    .addColumn('closeup_group_id', 'bigint', (c) => c.references('exterior_groups.id').onDelete('set null'))
    .addColumn('files', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'hotspots_placement',
      sql`(kind = 'exterior' AND group_id IS NOT NULL AND key_frames IS NOT NULL AND scene_id IS NULL)
        OR (kind = 'interior' AND scene_id IS NOT NULL AND yaw IS NOT NULL AND pitch IS NOT NULL AND group_id IS NULL)`,
    )
    .execute();
  await db.schema.createIndex('hotspots_content_idx').on('hotspots').column('content_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('hotspots').execute();
}
