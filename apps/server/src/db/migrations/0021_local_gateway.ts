import { type Kysely, sql } from 'kysely';

// The local card gateway (issue 19, point 3): the default gateway, with no network, keeps what a real one keeps on
// its own side, so it behaves like one across restarts and nodes: its customers, the cards saved from browser-made
// tokens (a token is used once), its charges under their idempotency keys (the same key answers the same charge,
// never a second one) with the 3-D Secure challenge's state, and the secret that signs its notices. All of it is
// written only by platform/payments/local-repo.ts. The secret's row is made by the first node that asks, never by
// this migration, so a dump of the migrations holds no secret.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE local_gateway_customers (
      ref text PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      email text NOT NULL,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE local_gateway_cards (
      ref text PRIMARY KEY,
      customer_ref text NOT NULL REFERENCES local_gateway_customers(ref) ON DELETE CASCADE,
      token_nonce text NOT NULL UNIQUE,
      brand text NOT NULL,
      last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
      exp_month smallint NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
      exp_year smallint NOT NULL,
      behaviour text NOT NULL,
      detached_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX local_gateway_cards_customer_idx ON local_gateway_cards (customer_ref);

    CREATE TABLE local_gateway_charges (
      ref text PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      -- What was asked under the key: the same key with another request is refused, as the real services do.
      request_hash text NOT NULL,
      customer_ref text NOT NULL,
      card_ref text NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0),
      currency text NOT NULL,
      description text NOT NULL,
      off_session boolean NOT NULL,
      return_url text NOT NULL,
      status text NOT NULL CHECK (status IN ('succeeded', 'requires_action', 'failed')),
      error_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE local_gateway_secrets (
      name text PRIMARY KEY,
      secret bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS local_gateway_secrets;
    DROP TABLE IF EXISTS local_gateway_charges;
    DROP TABLE IF EXISTS local_gateway_cards;
    DROP TABLE IF EXISTS local_gateway_customers;
  `.execute(db);
}
