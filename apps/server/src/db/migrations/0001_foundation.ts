import { type Kysely, sql } from 'kysely';

// Landed migrations are never edited: a change is a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('domains')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('company_code', 'text', (c) => c.notNull().defaultTo('0006'))
    .addColumn('service_name', 'text', (c) => c.notNull())
    .addColumn('host_flags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX domains_host_key ON domains (lower(host))`.execute(db);

  await db.schema
    .createTable('companies')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('domain_id', 'bigint', (c) => c.notNull().references('domains.id'))
    .addColumn('parent_company_id', 'bigint', (c) => c.references('companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('companies_domain_idx').on('companies').column('domain_id').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('domain_id', 'bigint', (c) => c.notNull().references('domains.id'))
    .addColumn('company_id', 'bigint', (c) => c.references('companies.id'))
    .addColumn('parent_user_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('privilege_type', 'text', (c) =>
      c.notNull().check(sql`privilege_type IN ('master', 'super', 'admin', 'normal')`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status IN ('active', 'inactive', 'cancel_pending', 'cancelled', 'expired', 'approval_pending')`),
    )
    .addColumn('company_section', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_pay_by_credit', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('two_step_auth', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('login_limit_count', 'integer')
    .addColumn('payment_failed_at', 'timestamptz')
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The e-mail is the username: unique whatever its letter case.
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db);
  await db.schema.createIndex('users_domain_idx').on('users').columns(['domain_id', 'privilege_type']).execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('access', 'content', 'temporary')`))
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('application', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auth_tokens_session_idx').on('auth_tokens').column('session_id').execute();
  await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'boolean', (c) => c.notNull())
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_attempts_username_idx')
    .on('login_attempts')
    .columns(['username', 'attempted_at'])
    .execute();
  await db.schema.createIndex('login_attempts_ip_idx').on('login_attempts').columns(['ip', 'attempted_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['login_attempts', 'auth_tokens', 'users', 'companies', 'domains']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
