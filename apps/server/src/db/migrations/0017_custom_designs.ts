import { type Kysely, sql } from 'kysely';

// Custom design (issue 10, point 4): one row per domain, the viewer's colours and the custom hotspot icons (blob keys
// under designs/<domain id>/, which no vehicle's orphan sweep reads). No row: the domain wears the defaults.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_designs')
    .addColumn('domain_id', 'bigint', (c) => c.primaryKey().references('domains.id').onDelete('cascade'))
    .addColumn('colours', 'jsonb', (c) => c.notNull())
    .addColumn('icons', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('custom_designs').ifExists().execute();
}
