import { type Kysely, sql } from 'kysely';

// Media access (issue 18): the secret that signs the console's expiring media URLs and names the published copies
// per tenant, shared by every node through the database (no configuration to keep equal on each machine). One row,
// made by the first node that asks (modules/vehicle-media/secret-repo.ts), never by this migration, so a dump of the
// migrations holds no secret.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_secrets').ifExists().execute();
}
