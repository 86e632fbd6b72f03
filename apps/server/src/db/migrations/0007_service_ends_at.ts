import type { Kysely } from 'kysely';

// A cancelled contract's service runs to the end of a term at least a month ahead; the moment is fixed when the
// contract is cancelled, so the completion screen (and later the billing job) read one date that never moves.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('service_ends_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('service_ends_at').execute();
}
