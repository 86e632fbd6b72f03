import { type Kysely, sql } from 'kysely';

// Billing (issue 19): plans, the gateway's customers and cards, subscriptions, charges, the gateway's notices and
// invoices. Owners: `plans` by modules/plans; `payment_customers`, `payment_cards`, `subscriptions`, `charges`,
// `billing_events` by modules/billing; `invoices` and `invoice_numbers` by modules/invoices.
//
// Money is bigint whole minor units (yen, cents). A charge's `idempotency_key` is unique: the key is derived from
// what is paid (subscription, period, kind), so a retried job, a double click or a replayed notice finds the row
// that exists instead of charging again; the same key is sent to the gateway, which refuses a second charge too.
// Invoice numbers come from one counter row taken FOR UPDATE in the invoice's own transaction: no gaps, no repeats.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE plans (
      id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9]{1,32}$'),
      name text NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0),
      interval text NOT NULL CHECK (interval IN ('day', 'week', 'month', 'year')),
      currency text NOT NULL CHECK (currency IN ('jpy', 'usd', 'eur', 'krw', 'cny')),
      statement_descriptor text NOT NULL DEFAULT '',
      vehicle_limit integer,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
      enabled boolean NOT NULL DEFAULT true,
      shown boolean NOT NULL DEFAULT true,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO plans (id, name, amount, interval, currency, statement_descriptor, vehicle_limit, shown)
      VALUES ('free', 'Free', 0, 'month', 'jpy', '', NULL, false);

    CREATE TABLE payment_customers (
      user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      gateway text NOT NULL,
      customer_ref text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (gateway, customer_ref)
    );

    CREATE TABLE payment_cards (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      gateway text NOT NULL,
      card_ref text NOT NULL,
      brand text NOT NULL,
      last4 text NOT NULL,
      exp_month smallint NOT NULL,
      exp_year smallint NOT NULL,
      is_default boolean NOT NULL DEFAULT false,
      expiry_notice_sent_at timestamptz,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX payment_cards_default_idx ON payment_cards (user_id) WHERE is_default AND deleted_at IS NULL;

    CREATE TABLE subscriptions (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      plan_id text NOT NULL REFERENCES plans(id),
      status text NOT NULL CHECK (status IN ('active', 'past_due', 'cancel_pending', 'cancelled', 'expired')),
      currency text NOT NULL,
      current_period_start timestamptz NOT NULL,
      current_period_end timestamptz NOT NULL,
      end_date timestamptz,
      scheduled_plan_id text REFERENCES plans(id),
      last_downgrade_at timestamptz,
      past_due_since timestamptz,
      next_retry_at timestamptz,
      retry_count integer NOT NULL DEFAULT 0,
      version integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- One live subscription per account: a second start while one runs is a change of plan, not a new contract.
    CREATE UNIQUE INDEX subscriptions_live_idx ON subscriptions (user_id)
      WHERE status IN ('active', 'past_due', 'cancel_pending');
    CREATE INDEX subscriptions_due_idx ON subscriptions (current_period_end) WHERE status IN ('active', 'past_due', 'cancel_pending');

    CREATE TABLE charges (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      subscription_id bigint REFERENCES subscriptions(id) ON DELETE SET NULL,
      idempotency_key text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('initial', 'renewal', 'proration', 'late_fee', 'recovery')),
      plan_id text NOT NULL,
      currency text NOT NULL,
      amount_without_tax bigint NOT NULL,
      tax bigint NOT NULL,
      late_fee bigint NOT NULL DEFAULT 0,
      amount bigint NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'requires_action', 'succeeded', 'failed')),
      gateway text NOT NULL,
      gateway_ref text,
      error_code text,
      period_start timestamptz,
      period_end timestamptz,
      -- The lines as invoiced: [{ description, quantity, unit_amount, amount, tax_rate }].
      lines jsonb NOT NULL DEFAULT '[]'::jsonb,
      attempts integer NOT NULL DEFAULT 0,
      paid_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX charges_user_idx ON charges (user_id, created_at);
    CREATE INDEX charges_gateway_ref_idx ON charges (gateway, gateway_ref) WHERE gateway_ref IS NOT NULL;

    CREATE TABLE billing_events (
      gateway text NOT NULL,
      event_id text NOT NULL,
      type text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (gateway, event_id)
    );

    CREATE TABLE invoice_numbers (
      name text PRIMARY KEY,
      last_number bigint NOT NULL DEFAULT 0
    );
    INSERT INTO invoice_numbers (name) VALUES ('invoice');

    CREATE TABLE invoices (
      id bigserial PRIMARY KEY,
      number bigint NOT NULL UNIQUE,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      charge_id bigint UNIQUE REFERENCES charges(id) ON DELETE SET NULL,
      plan_id text NOT NULL,
      currency text NOT NULL,
      status text NOT NULL CHECK (status IN ('paid', 'open', 'void')),
      issued_at timestamptz NOT NULL,
      period_start timestamptz,
      period_end timestamptz,
      -- What the invoice said when issued (issuer, customer, lines, totals per rate): never recomputed later.
      document jsonb NOT NULL,
      total_without_tax bigint NOT NULL,
      tax bigint NOT NULL,
      total_with_tax bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX invoices_user_idx ON invoices (user_id, issued_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS invoices;
    DROP TABLE IF EXISTS invoice_numbers;
    DROP TABLE IF EXISTS billing_events;
    DROP TABLE IF EXISTS charges;
    DROP TABLE IF EXISTS subscriptions;
    DROP TABLE IF EXISTS payment_cards;
    DROP TABLE IF EXISTS payment_customers;
    DROP TABLE IF EXISTS plans;
  `.execute(db);
}
