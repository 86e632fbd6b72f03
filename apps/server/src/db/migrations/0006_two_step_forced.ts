import type { Kysely } from 'kysely';

// "Two-step authentication can be forced per user": the operator's force is its own flag, so the user's own
// switch (users.two_step_auth) cannot lift it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('two_step_forced', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('two_step_forced').execute();
}
