import { type Kysely, sql } from 'kysely';

// Issue 3: domains with options and logos, companies (headquarters and branches), the account fields of the
// spec's User entity, groups, one-time tokens (activation, password reset, e-mail change), two-step
// challenges, and the first content tables that account rules depend on (vehicle counts, running processes).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('domains')
    .addColumn('deletion_requested_at', 'timestamptz')
    .addColumn('logo_key', 'text')
    .addColumn('splash_key', 'text')
    .addColumn('round_logo_key', 'text')
    .execute();
  await sql`ALTER TABLE domains ADD CONSTRAINT domains_status_check CHECK (status IN ('active', 'deleting'))`.execute(
    db,
  );

  await db.schema
    .alterTable('companies')
    .addColumn('kind', 'text', (c) =>
      c.notNull().defaultTo('headquarters').check(sql`kind IN ('headquarters', 'branch')`),
    )
    .addColumn('corporate_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('store_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zip1', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zip2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('prefecture', 'integer', (c) => c.check(sql`prefecture BETWEEN 1 AND 47`))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('street', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tel', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('JP'))
    .addColumn('credit_notation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subdomain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logo_key', 'text')
    .execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('domain_id', 'bigint', (c) => c.notNull().references('domains.id'))
    .addColumn('company_id', 'bigint', (c) => c.references('companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('admin_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('groups_domain_idx').on('groups').column('domain_id').execute();

  await db.schema
    .alterTable('users')
    .addColumn('group_id', 'bigint', (c) => c.references('groups.id').onDelete('set null'))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('car_limit', 'integer', (c) => c.check(sql`car_limit >= 0`))
    .addColumn('plan_id', 'text')
    .addColumn('start_date', 'date')
    .addColumn('next_billing_date', 'date')
    .addColumn('login_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('shop_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('corporation_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('store_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('username_alias', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('web_negotiation_limit', 'integer')
    .addColumn('web_negotiation_max_time', 'integer')
    .addColumn('department', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('job_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('authorizer_job_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_system', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('configuration', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('activated_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // A deleted user's e-mail may be registered again; live e-mails stay unique whatever their case.
  await sql`DROP INDEX users_email_key`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE deleted_at IS NULL`.execute(db);
  await db.schema.createIndex('users_parent_idx').on('users').column('parent_user_id').execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose IN ('activation', 'password_reset', 'email_change')`),
    )
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('one_time_tokens_user_idx')
    .on('one_time_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema.alterTable('auth_tokens').addColumn('purpose', 'text').execute();
  await db.schema
    .createTable('two_step_challenges')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'uuid', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('two_step_challenges_session_idx')
    .on('two_step_challenges')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('contents')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('domain_id', 'bigint', (c) => c.notNull().references('domains.id'))
    .addColumn('company_id', 'bigint', (c) => c.references('companies.id'))
    .addColumn('owner_user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('creator_user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('management_id', 'text', (c) => c.notNull())
    .addColumn('publication', 'text', (c) => c.notNull().defaultTo('unpublished'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX contents_management_id_key ON contents (domain_id, management_id) WHERE publication <> 'permanently_deleted'`.execute(
    db,
  );
  await db.schema.createIndex('contents_owner_idx').on('contents').columns(['owner_user_id']).execute();

  await db.schema
    .createTable('content_processes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('content_id', 'bigint', (c) => c.notNull().references('contents.id').onDelete('cascade'))
    .addColumn('process', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('running').check(sql`status IN ('queued', 'running', 'succeeded', 'failed')`),
    )
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0).check(sql`progress BETWEEN 0 AND 100`))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX content_processes_running_idx ON content_processes (content_id) WHERE status IN ('queued', 'running')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['content_processes', 'contents', 'two_step_challenges', 'one_time_tokens']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('auth_tokens').dropColumn('purpose').execute();
  await sql`DROP INDEX users_email_key`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db);
  for (const column of [
    'group_id',
    'phone',
    'car_limit',
    'plan_id',
    'start_date',
    'next_billing_date',
    'login_code',
    'shop_code',
    'corporation_code',
    'store_name',
    'username_alias',
    'web_negotiation_limit',
    'web_negotiation_max_time',
    'department',
    'job_number',
    'authorizer_job_number',
    'image_system',
    'configuration',
    'activated_at',
    'deleted_at',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  await db.schema.dropTable('groups').ifExists().execute();
}
