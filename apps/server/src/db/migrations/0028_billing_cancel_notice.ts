import { type Kysely, sql } from 'kysely';

// Issue 19's last points (helper "billing"). The local gateway's charges can be taken back, as Stripe's and PAY.JP's
// can: a charge still waiting on its 3-D Secure challenge is cancelled (its issuer page takes no answer after) and a
// paid one refunded, so an abandoned sign-up never leaves money taken without a contract. A cancelled contract's
// subscription records when the dealer was told, a week ahead, that it ends (sent once, while they can still sign
// in and save their data).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE local_gateway_charges DROP CONSTRAINT local_gateway_charges_status_check;
    ALTER TABLE local_gateway_charges ADD CONSTRAINT local_gateway_charges_status_check
      CHECK (status IN ('succeeded', 'requires_action', 'failed', 'cancelled', 'refunded'));
    ALTER TABLE subscriptions ADD COLUMN end_notice_sent_at timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE subscriptions DROP COLUMN IF EXISTS end_notice_sent_at;
    ALTER TABLE local_gateway_charges DROP CONSTRAINT local_gateway_charges_status_check;
    ALTER TABLE local_gateway_charges ADD CONSTRAINT local_gateway_charges_status_check
      CHECK (status IN ('succeeded', 'requires_action', 'failed'));
  `.execute(db);
}
