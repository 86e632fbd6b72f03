import { type Kysely, sql } from 'kysely';

// Statistics (issue 10, point 5): what the viewer records, per vehicle, Japan day and kind.
// - statistic_counts: the daily counters the chart reads.
// - statistic_visitors: how many events of a kind one visitor has counted on a vehicle today, to bound a flood. The
//   visitor is an HMAC of (IP, user agent, day) under that day's secret: never the IP itself.
// - statistic_secrets: the day's secret, shared by every node; a day's secret and visitor rows are deleted once the
//   day is over, after which no visitor key can be linked back to an address.

const KINDS = sql.raw("'view', 'spin', 'interior_open', 'hotspot_open'");

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('statistic_counts')
    .addColumn('content_id', 'bigint', (c) => c.notNull().references('contents.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('statistic_counts_pkey', ['content_id', 'day', 'kind'])
    .addCheckConstraint('statistic_counts_kind_check', sql`kind IN (${KINDS})`)
    .execute();
  await db.schema.createIndex('statistic_counts_day_idx').on('statistic_counts').column('day').execute();
  await db.schema
    .createTable('statistic_visitors')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('visitor_key', 'bytea', (c) => c.notNull())
    .addColumn('content_id', 'bigint', (c) => c.notNull().references('contents.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('statistic_visitors_pkey', ['day', 'visitor_key', 'content_id', 'kind'])
    .addCheckConstraint('statistic_visitors_kind_check', sql`kind IN (${KINDS})`)
    .execute();
  await db.schema
    .createTable('statistic_secrets')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('secret', 'bytea', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('statistic_secrets').ifExists().execute();
  await db.schema.dropTable('statistic_visitors').ifExists().execute();
  await db.schema.dropTable('statistic_counts').ifExists().execute();
}
