import { type Kysely, sql } from 'kysely';

// Issue 22, parts 3 and 4 (helper "partner"). The reporting API's keys, one domain's data each, stored only as the
// SHA-256 of the key (a leaked table reveals no key) with a short hint to tell them apart; a rotation replaces the
// hash in place, so the old key stops working at once. The contents reports downloaded (`/contents-report/log`):
// who asked for which month and type, when.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE reporting_api_keys (
      id bigserial PRIMARY KEY,
      domain_id bigint NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
      name text NOT NULL,
      key_hash bytea NOT NULL UNIQUE,
      hint text NOT NULL,
      created_by bigint REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      rotated_at timestamptz,
      last_used_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX reporting_api_keys_domain_idx ON reporting_api_keys (domain_id);
    CREATE TABLE contents_report_logs (
      id bigserial PRIMARY KEY,
      domain_id bigint NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      month text NOT NULL,
      report_type text NOT NULL CHECK (report_type IN ('detail', 'summary')),
      sleep boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX contents_report_logs_domain_idx ON contents_report_logs (domain_id, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS contents_report_logs; DROP TABLE IF EXISTS reporting_api_keys;`.execute(db);
}
