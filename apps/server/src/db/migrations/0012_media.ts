import { type Kysely, sql } from 'kysely';

// The media of a vehicle (issue 9). Every image is stored content-addressed (platform/storage/content-addressed.ts)
// and its row keeps the keys of its renditions as JSON (MediaImage in db/schema.ts), so the URLs the viewer gets
// never change meaning. Originals are kept beside any edit (blur, replacement, enhancement), so edits can be undone.
//
// Owners (test/structure/table-owners.test.ts): exterior_* and movie_backups by the exterior area, interior_scenes by
// the interior area, slider_items, original_movies and rider_view_images by the slider area.

const ids = (db: Kysely<unknown>, table: string) =>
  db.schema
    .createTable(table)
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('content_id', 'bigint', (c) => c.notNull().references('contents.id').onDelete('cascade'));

export async function up(db: Kysely<unknown>): Promise<void> {
  // A row of the spin (obvr "sheets_group"): one circle around the vehicle, made from one or more videos.
  await ids(db, 'exterior_groups')
    .addColumn('group_order', 'integer', (c) => c.notNull())
    .addColumn('frame_count', 'integer', (c) => c.notNull())
    .addColumn('is_temp', 'boolean', (c) => c.notNull().defaultTo(false))
    // Where the walk-around closed its turn and how smooth the loop is (domain media/loop.ts), for support.
    .addColumn('loop', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`ALTER TABLE exterior_groups ADD CONSTRAINT exterior_groups_order_unique UNIQUE (content_id, group_order) DEFERRABLE INITIALLY DEFERRED`.execute(
    db,
  );

  // A frame of a row (obvr "sheets"). `original` is the frame as extracted; `edited` a blurred or replaced one.
  await ids(db, 'exterior_frames')
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('exterior_groups.id').onDelete('cascade'))
    .addColumn('frame_order', 'integer', (c) => c.notNull())
    .addColumn('original', 'jsonb', (c) => c.notNull())
    .addColumn('edited', 'jsonb')
    .addColumn('edit_kind', 'text', (c) => c.check(sql`edit_kind IN ('blur', 'replace')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Deferred, so a reorder may swap two frames inside one transaction.
  await sql`ALTER TABLE exterior_frames ADD CONSTRAINT exterior_frames_order_unique UNIQUE (group_id, frame_order) DEFERRABLE INITIALLY DEFERRED`.execute(
    db,
  );
  await db.schema.createIndex('exterior_frames_content_idx').on('exterior_frames').column('content_id').execute();

  // A vehicle's exterior settings: the initial angle and row, and the blur editor's regions (kept to edit again).
  await db.schema
    .createTable('exterior_settings')
    .addColumn('content_id', 'bigint', (c) => c.primaryKey().references('contents.id').onDelete('cascade'))
    .addColumn('initial_angle', 'text', (c) => c.notNull().defaultTo('front'))
    .addColumn('initial_row', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('blur', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The original walk-around videos, kept for the domain's retention (null: indefinitely), then purged.
  await ids(db, 'movie_backups')
    .addColumn('domain_id', 'bigint', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('upload_id', 'text')
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('duration_seconds', 'real', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('purged_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('movie_backups_content_idx').on('movie_backups').column('content_id').execute();
  await sql`CREATE INDEX movie_backups_expiry_idx ON movie_backups (expires_at) WHERE purged_at IS NULL AND expires_at IS NOT NULL`.execute(
    db,
  );

  // An interior panorama (a scene). `current` is the enhanced or white-balanced image; `original` stays.
  await ids(db, 'interior_scenes')
    .addColumn('scene_order', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('original', 'jsonb', (c) => c.notNull())
    .addColumn('current', 'jsonb')
    .addColumn('enhance', 'jsonb')
    .addColumn('white_balance', 'jsonb')
    .addColumn('initial_view', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"yaw":0,"pitch":0,"zoom":50}'::jsonb`))
    .addColumn('zoom_points', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('interior_scenes_content_idx').on('interior_scenes').column('content_id').execute();

  // Category images and video links, in one order (the slider beside the 360 views).
  await ids(db, 'slider_items')
    .addColumn('item_order', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('image', 'video_link')`))
    .addColumn('category', 'text')
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'jsonb')
    .addColumn('video_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('slider_items_content_idx').on('slider_items').column('content_id').execute();

  // Original content videos the dealer uploads as they are (kept, with a poster frame).
  await ids(db, 'original_movies')
    .addColumn('movie_order', 'integer', (c) => c.notNull())
    .addColumn('movie', 'jsonb', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('original_movies_content_idx').on('original_movies').column('content_id').execute();

  // A bike's rider-view image set, in order.
  await ids(db, 'rider_view_images')
    .addColumn('image_order', 'integer', (c) => c.notNull())
    .addColumn('image', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('rider_view_images_content_idx').on('rider_view_images').column('content_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'rider_view_images',
    'original_movies',
    'slider_items',
    'interior_scenes',
    'movie_backups',
    'exterior_settings',
    'exterior_frames',
    'exterior_groups',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
