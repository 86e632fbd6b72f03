import { type Kysely, sql } from 'kysely';

// Users, groups and privilege changes (issue 3). The roles table's "only one admin exists per group" is kept by
// the database as well as by the service, so two concurrent privilege changes cannot both win:
// - a group names at most one admin (groups.admin_user_id is one column), and an admin heads at most one group;
// - at most one live admin user is a member of a group.
// Group names are unique per domain so the hidden groups API can be searched and picked by name.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX groups_admin_user_key ON groups (admin_user_id) WHERE admin_user_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX groups_domain_name_key ON groups (domain_id, lower(name))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_one_admin_per_group ON users (group_id)
    WHERE privilege_type = 'admin' AND deleted_at IS NULL AND group_id IS NOT NULL`.execute(db);
  await db.schema.createIndex('users_group_idx').on('users').column('group_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'users_group_idx',
    'users_one_admin_per_group',
    'groups_domain_name_key',
    'groups_admin_user_key',
  ]) {
    await sql.raw(`DROP INDEX IF EXISTS ${index}`).execute(db);
  }
}
