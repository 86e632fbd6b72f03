import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LocalChargeStatus } from '../../db/schema-local-gateway.ts';

/**
 * SQL of the local card gateway: its customers, cards, charges and notice secret (migration 0021), written only
 * here (test/structure/table-owners.test.ts). The unique idempotency keys make "the same key, one charge" hold
 * across two nodes racing: the second insert finds the first's row instead of making another.
 */

export interface LocalCardRow {
  ref: string;
  customer_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: string;
  detached_at: Date | null;
}

export interface LocalChargeRow {
  ref: string;
  idempotency_key: string;
  request_hash: string;
  customer_ref: string;
  card_ref: string;
  amount: number;
  currency: string;
  off_session: boolean;
  return_url: string;
  status: LocalChargeStatus;
  error_code: string | null;
}

export interface NewLocalCharge extends Omit<LocalChargeRow, 'amount'> {
  amount: number;
  description: string;
}

const CHARGE_COLUMNS = [
  'ref',
  'idempotency_key',
  'request_hash',
  'customer_ref',
  'card_ref',
  'amount',
  'currency',
  'off_session',
  'return_url',
  'status',
  'error_code',
] as const;

export function localGatewayRepo(db: Db) {
  const chargeBy = async (column: 'ref' | 'idempotency_key', value: string): Promise<LocalChargeRow | undefined> => {
    const row = await db
      .selectFrom('local_gateway_charges')
      .select(CHARGE_COLUMNS)
      .where(column, '=', value)
      .executeTakeFirst();
    return row && { ...row, amount: Number(row.amount) };
  };

  return {
    /** The secret named `name`, made from `fresh` by whichever node asks first; later askers get the same one. */
    async secret(name: string, fresh: Buffer): Promise<Buffer> {
      await sql`insert into local_gateway_secrets (name, secret) values (${name}, ${fresh})
        on conflict (name) do nothing`.execute(db);
      const row = await db
        .selectFrom('local_gateway_secrets')
        .select('secret')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.secret;
    },

    /** The customer made under `idempotencyKey`: the one made now, or the one an earlier call made. */
    async customer(input: { ref: string; idempotencyKey: string; email: string; name: string }): Promise<string> {
      await db
        .insertInto('local_gateway_customers')
        .values({ ref: input.ref, idempotency_key: input.idempotencyKey, email: input.email, name: input.name })
        .onConflict((c) => c.column('idempotency_key').doNothing())
        .execute();
      const row = await db
        .selectFrom('local_gateway_customers')
        .select('ref')
        .where('idempotency_key', '=', input.idempotencyKey)
        .executeTakeFirstOrThrow();
      return row.ref;
    },

    async customerExists(ref: string): Promise<boolean> {
      const row = await db
        .selectFrom('local_gateway_customers')
        .select('ref')
        .where('ref', '=', ref)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Saves a card; false when its token was used before (a token is good once). */
    async insertCard(card: Omit<LocalCardRow, 'detached_at'> & { token_nonce: string }): Promise<boolean> {
      const result = await db
        .insertInto('local_gateway_cards')
        .values(card)
        .onConflict((c) => c.column('token_nonce').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async card(ref: string): Promise<LocalCardRow | undefined> {
      return db
        .selectFrom('local_gateway_cards')
        .select(['ref', 'customer_ref', 'brand', 'last4', 'exp_month', 'exp_year', 'behaviour', 'detached_at'])
        .where('ref', '=', ref)
        .executeTakeFirst();
    },

    async detachCard(customerRef: string, cardRef: string): Promise<void> {
      await db
        .updateTable('local_gateway_cards')
        .set({ detached_at: new Date() })
        .where('ref', '=', cardRef)
        .where('customer_ref', '=', customerRef)
        .where('detached_at', 'is', null)
        .execute();
    },

    /**
     * Records a charge under its idempotency key. When the key is taken, nothing is written and the charge that
     * holds it is answered (`created: false`), whatever its request was.
     */
    async insertCharge(charge: NewLocalCharge): Promise<{ created: boolean; charge: LocalChargeRow }> {
      const result = await db
        .insertInto('local_gateway_charges')
        .values(charge)
        .onConflict((c) => c.column('idempotency_key').doNothing())
        .executeTakeFirst();
      const created = Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
      const row = await chargeBy('idempotency_key', charge.idempotency_key);
      if (!row) throw new Error(`local gateway: charge under ${charge.idempotency_key} vanished`);
      return { created, charge: row };
    },

    charge: (ref: string) => chargeBy('ref', ref),
    chargeByKey: (key: string) => chargeBy('idempotency_key', key),

    /** What the test issuer's page shows of a charge: its sum and the card's last digits. */
    async challenge(ref: string) {
      return db
        .selectFrom('local_gateway_charges as c')
        .innerJoin('local_gateway_cards as k', 'k.ref', 'c.card_ref')
        .select(['c.ref', 'c.status', 'c.amount', 'c.currency', 'c.return_url', 'k.brand', 'k.last4'])
        .where('c.ref', '=', ref)
        .executeTakeFirst();
    },

    /**
     * Takes a charge back in one statement: a challenge still waiting is cancelled (a late answer then finds it
     * ended), a paid charge refunded; a failed, cancelled or refunded one stays as it is. Answers the status after.
     */
    async cancelCharge(ref: string): Promise<LocalChargeStatus | undefined> {
      const row = await db
        .updateTable('local_gateway_charges')
        .set({
          status: sql<LocalChargeStatus>`case status when 'requires_action' then 'cancelled' when 'succeeded' then 'refunded' else status end`,
          updated_at: new Date(),
        })
        .where('ref', '=', ref)
        .returning('status')
        .executeTakeFirst();
      return row?.status;
    },

    /** Ends a 3-D Secure challenge once: a second answer (another tab, a replayed form) changes nothing. */
    async settleChallenge(ref: string, status: 'succeeded' | 'failed', errorCode: string | null): Promise<boolean> {
      const result = await db
        .updateTable('local_gateway_charges')
        .set({ status, error_code: errorCode, updated_at: new Date() })
        .where('ref', '=', ref)
        .where('status', '=', 'requires_action')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type LocalGatewayRepo = ReturnType<typeof localGatewayRepo>;
