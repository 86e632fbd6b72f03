import { type Kysely, sql } from 'kysely';

// The listing link (issue 22). listing_accounts: a dealer's partner account, the password and the partner's session
// sealed with the server's key (AES-256-GCM, like the video site's tokens), so the jobs sign in again when a session
// runs out. listing_links: one row per vehicle ever linked, the detailed state (listing-link.ts LINK_STATES; the
// coarse one stays in contents.listing_link for the list and the edit lock), `seq` naming each link request so its
// job runs once per request. Two unique indexes keep "nothing linked twice": one property per domain, one active
// link key per domain. listing_events: what the statistics and the log read; listing_drifts what the hourly
// reconcile found changed on the partner's side.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE listing_accounts (
      user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      login_id text NOT NULL,
      corporation_code text NOT NULL DEFAULT '',
      contact_code text NOT NULL DEFAULT '',
      secret_sealed text NOT NULL,
      signed_in boolean NOT NULL DEFAULT true,
      client jsonb,
      last_msg_id text,
      reconciled_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE listing_links (
      content_id bigint PRIMARY KEY REFERENCES contents(id) ON DELETE CASCADE,
      domain_id bigint NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      method text NOT NULL,
      state text NOT NULL,
      link_key text NOT NULL DEFAULT '',
      key_type text NOT NULL DEFAULT 'property_code',
      property_code text,
      seq integer NOT NULL DEFAULT 1,
      msg_id text,
      drift text,
      linked_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX listing_links_user_state ON listing_links (user_id, state);
    CREATE UNIQUE INDEX listing_links_property ON listing_links (domain_id, property_code)
      WHERE property_code IS NOT NULL;
    CREATE UNIQUE INDEX listing_links_active_key ON listing_links (domain_id, upper(link_key))
      WHERE state IN ('waiting', 'linking', 'linked');

    CREATE TABLE listing_events (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      content_id bigint REFERENCES contents(id) ON DELETE SET NULL,
      kind text NOT NULL,
      state text,
      msg_id text,
      property_code text,
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX listing_events_user_at ON listing_events (user_id, at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS listing_events;
    DROP TABLE IF EXISTS listing_links;
    DROP TABLE IF EXISTS listing_accounts;
  `.execute(db);
}
