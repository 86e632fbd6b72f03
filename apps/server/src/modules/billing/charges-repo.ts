import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ChargeRow, ChargeStatus, NewCharge } from './repo.ts';

/** Charges and the gateway's recorded notices (billing's tables; part of billingRepo). */
export function chargesRepo(db: Db) {
  const charges = () => db.selectFrom('charges').selectAll();
  const byKey = (key: string) => charges().where('idempotency_key', '=', key);
  return {
    /** Inserts the charge, or finds the one of the same key (a retried job, a double click). */
    async ensureCharge(charge: NewCharge): Promise<ChargeRow> {
      await db
        .insertInto('charges')
        .values({ ...charge, status: 'pending', lines: JSON.stringify(charge.lines) })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return byKey(charge.idempotency_key).executeTakeFirstOrThrow();
    },

    /** Serialises the requests of one key (a double click) until this transaction ends. */
    async lockKey(key: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
    },

    async linkCharge(chargeId: string, subscriptionId: string): Promise<void> {
      await db.updateTable('charges').set({ subscription_id: subscriptionId }).where('id', '=', chargeId).execute();
    },

    chargeByKey(key: string): Promise<ChargeRow | undefined> {
      return byKey(key).executeTakeFirst();
    },

    chargeByRef(gateway: string, ref: string): Promise<ChargeRow | undefined> {
      return charges().where('gateway', '=', gateway).where('gateway_ref', '=', ref).forUpdate().executeTakeFirst();
    },

    /** The caller's charges still waiting on a 3-D Secure challenge. */
    awaitingAction(userId: string): Promise<ChargeRow[]> {
      return charges().where('user_id', '=', userId).where('status', '=', 'requires_action').orderBy('id').execute();
    },

    /** The user's latest first payment (a registration's, whatever became of it). */
    latestInitialCharge(userId: string): Promise<ChargeRow | undefined> {
      return charges()
        .where('user_id', '=', userId)
        .where('kind', '=', 'initial')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /** The latest charge of a subscription (the open one of a past-due account, the last payment otherwise). */
    lastChargeOf(subscriptionId: string): Promise<ChargeRow | undefined> {
      return charges().where('subscription_id', '=', subscriptionId).orderBy('id', 'desc').executeTakeFirst();
    },

    /**
     * Moves a charge from one of `from` to its outcome; false when another run already did (the outcome is applied
     * once: a replayed webhook, two workers, a confirm racing the webhook).
     */
    async settleCharge(
      id: string,
      from: readonly ChargeStatus[],
      change: { status: ChargeStatus; gateway_ref?: string | null; error_code?: string | null; paid_at?: Date | null },
    ): Promise<boolean> {
      const result = await db
        .updateTable('charges')
        .set((eb) => ({ ...change, attempts: eb('attempts', '+', 1), updated_at: new Date() }))
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records a gateway notice; false when it was recorded before (a replay). */
    async recordEvent(gateway: string, eventId: string, type: string): Promise<boolean> {
      const rows = await db
        .insertInto('billing_events')
        .values({ gateway, event_id: eventId, type })
        .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
        .returning('event_id')
        .execute();
      return rows.length === 1;
    },
  };
}
