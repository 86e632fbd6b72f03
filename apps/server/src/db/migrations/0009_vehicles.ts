import { type Kysely, sql } from 'kysely';

// The vehicle (issue 8): every field of the spec's Vehicle and Basic info, the flags the media, negotiation and
// listing areas will keep for the list's filters, and what a background process row needs so that a dead worker
// can be found (heartbeat) and its locks released. The list's search and sort indexes come in their own
// migration, next to the benchmark that justifies them.

const TEXT_COLUMNS = [
  'maker',
  'car_name',
  'body_color',
  'engine_type',
  'inspection_period',
  'assessment_score',
  'phone',
  'mail',
  'store',
  'bike_style',
  'parts_category',
  'chassis_number',
  'listing_id',
  'limited_password',
  'analytics_tag',
] as const;

const NULLABLE_COLUMNS = {
  handle: 'text',
  first_registration_year: 'integer',
  first_registration_month: 'integer',
  displacement: 'integer',
  mileage: 'integer',
  repair_history: 'text',
  price_with_tax: 'bigint',
  total_price_with_tax: 'bigint',
  statutory_inspection: 'text',
  vehicle_inspection: 'text',
  thumbnail_key: 'text',
} as const;

const FLAG_COLUMNS = {
  limited_password_enabled: false,
  analytics_tag_enabled: false,
  option_display: true,
  vr_mode: false,
  development_view_display: false,
  inspection_data_display: false,
  defect_display: false,
  has_exterior: false,
  has_interior: false,
  has_rider_view: false,
  has_category_images: false,
  has_web_negotiation: false,
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  let table = db.schema.alterTable('contents');
  for (const column of TEXT_COLUMNS) {
    await table.addColumn(column, 'text', (c) => c.notNull().defaultTo('')).execute();
  }
  for (const [column, type] of Object.entries(NULLABLE_COLUMNS)) {
    await table.addColumn(column, sql.raw(type)).execute();
  }
  for (const [column, value] of Object.entries(FLAG_COLUMNS)) {
    await table.addColumn(column, 'boolean', (c) => c.notNull().defaultTo(value)).execute();
  }
  table = db.schema.alterTable('contents');
  await table.addColumn('development_view_position', 'text', (c) => c.notNull().defaultTo('inside')).execute();
  await table.addColumn('basic_info_shown', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)).execute();
  await table.addColumn('inspection', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`)).execute();
  await table.addColumn('listing_link', 'text', (c) => c.notNull().defaultTo('none')).execute();
  // Waking and restoring check the limit again; sleeping records when, for the list and the report.
  await table.addColumn('slept_at', 'timestamptz').execute();
  await sql`ALTER TABLE contents ADD CONSTRAINT contents_publication_check CHECK (publication IN ('published', 'limited_public', 'unpublished', 'sleeping', 'deleted', 'permanently_deleted'))`.execute(
    db,
  );

  const processes = db.schema.alterTable('content_processes');
  await processes.addColumn('error', 'text').execute();
  await processes.addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`)).execute();
  await processes.addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await processes.addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`)).execute();
  await processes.addColumn('actor_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['error', 'heartbeat_at', 'attempts', 'payload', 'actor_user_id']) {
    await db.schema.alterTable('content_processes').dropColumn(column).execute();
  }
  await sql`ALTER TABLE contents DROP CONSTRAINT IF EXISTS contents_publication_check`.execute(db);
  const columns = [
    ...TEXT_COLUMNS,
    ...Object.keys(NULLABLE_COLUMNS),
    ...Object.keys(FLAG_COLUMNS),
    'development_view_position',
    'basic_info_shown',
    'inspection',
    'listing_link',
    'slept_at',
  ];
  for (const column of columns) await db.schema.alterTable('contents').dropColumn(column).execute();
}
