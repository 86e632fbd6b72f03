import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ChargesTable, PaymentCardsTable, PlansTable, SubscriptionsTable } from '../../db/schema.ts';
import type { ChargeLine } from '../../db/schema-billing.ts';

/**
 * The billing module's tables (the only writer of payment_customers, payment_cards, subscriptions, charges and
 * billing_events), and the read-only look at `plans` (written by modules/plans) and `users` it needs.
 */

export type PlanRow = Selectable<PlansTable>;
export type CardRow = Selectable<PaymentCardsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type ChargeRow = Selectable<ChargesTable>;
export type ChargeStatus = ChargeRow['status'];

export interface NewCharge {
  user_id: string;
  subscription_id: string | null;
  idempotency_key: string;
  kind: ChargeRow['kind'];
  plan_id: string;
  currency: ChargeRow['currency'];
  amount_without_tax: number;
  tax: number;
  late_fee: number;
  amount: number;
  gateway: string;
  period_start: Date;
  period_end: Date;
  lines: ChargeLine[];
}

export type SubscriptionChange = Partial<
  Pick<
    SubscriptionRow,
    | 'plan_id'
    | 'status'
    | 'current_period_start'
    | 'current_period_end'
    | 'end_date'
    | 'scheduled_plan_id'
    | 'last_downgrade_at'
    | 'past_due_since'
    | 'next_retry_at'
    | 'retry_count'
  >
>;

const LIVE = ['active', 'past_due', 'cancel_pending'] as const;

/** PostgreSQL's "lock not available" (FOR UPDATE NOWAIT found the row held by another transaction). */
export function isLockBusy(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '55P03';
}

export function billingRepo(db: Db) {
  return {
    planById(id: string): Promise<PlanRow | undefined> {
      return db.selectFrom('plans').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    },

    /** Who pays, as the mails and the gateway's customer need them. */
    payerOf(userId: string) {
      return db
        .selectFrom('users as u')
        .innerJoin('domains as d', 'd.id', 'u.domain_id')
        .select(['u.id', 'u.email', 'u.name', 'u.status', 'u.car_limit', 'u.payment_failed_at', 'd.service_name'])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },

    customerOf(userId: string) {
      return db.selectFrom('payment_customers').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** The first customer of a user wins; a concurrent second insert finds it (ON CONFLICT). */
    async saveCustomer(userId: string, gateway: string, ref: string) {
      await db
        .insertInto('payment_customers')
        .values({ user_id: userId, gateway, customer_ref: ref })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      return db.selectFrom('payment_customers').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    },

    cardsOf(userId: string): Promise<CardRow[]> {
      return db
        .selectFrom('payment_cards')
        .selectAll()
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .orderBy('is_default', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    defaultCard(userId: string): Promise<CardRow | undefined> {
      return db
        .selectFrom('payment_cards')
        .selectAll()
        .where('user_id', '=', userId)
        .where('is_default', '=', true)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** The new card becomes the default: the old default is cleared first (one default per user, by index). */
    async insertDefaultCard(
      card: Pick<CardRow, 'user_id' | 'gateway' | 'card_ref' | 'brand' | 'last4' | 'exp_month' | 'exp_year'>,
    ): Promise<CardRow> {
      await db
        .updateTable('payment_cards')
        .set({ is_default: false })
        .where('user_id', '=', card.user_id)
        .where('is_default', '=', true)
        .execute();
      return db
        .insertInto('payment_cards')
        .values({ ...card, is_default: true })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async markExpiryNotice(cardId: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('payment_cards')
        .set({ expiry_notice_sent_at: at })
        .where('id', '=', cardId)
        .where('expiry_notice_sent_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The account's running contract; `lock` takes it FOR UPDATE (`nowait`: a busy row fails at once, 55P03). */
    liveSubscription(userId: string, lock?: 'wait' | 'nowait'): Promise<SubscriptionRow | undefined> {
      let query = db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).where('status', 'in', LIVE);
      if (lock === 'wait') query = query.forUpdate();
      if (lock === 'nowait') query = query.forUpdate().noWait();
      return query.executeTakeFirst();
    },

    /** The live contract, or the one that ended last (what /settlements/subscription shows). */
    latestSubscription(userId: string): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy(sql`status in ('active', 'past_due', 'cancel_pending')`, 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    lockSubscription(id: string): Promise<SubscriptionRow | undefined> {
      return db.selectFrom('subscriptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    insertSubscription(
      row: Pick<SubscriptionRow, 'user_id' | 'plan_id' | 'currency' | 'current_period_start' | 'current_period_end'>,
    ): Promise<SubscriptionRow> {
      // created_at is the contract's anchor: every period end counts from its day (billing/calendar.ts).
      return db
        .insertInto('subscriptions')
        .values({ ...row, status: 'active', created_at: row.current_period_start })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async updateSubscription(id: string, change: SubscriptionChange): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set((eb) => ({ ...change, version: eb('version', '+', 1), updated_at: new Date() }))
        .where('id', '=', id)
        .execute();
    },

    /** Subscriptions whose paid period is over (renewal, a downgrade's start, a contract's end) at `now`. */
    async dueSubscriptionIds(now: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('status', 'in', ['active', 'cancel_pending'])
        .where((eb) =>
          eb.or([
            eb('current_period_end', '<=', now),
            eb.and([eb('end_date', 'is not', null), eb('end_date', '<=', now)]),
          ]),
        )
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Past-due subscriptions whose next try is due, and ended contracts whose vehicles' removal is due. */
    async followUpIds(now: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('status', 'in', ['past_due', 'cancelled'])
        .where('next_retry_at', '<=', now)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Renewing subscriptions whose next billing falls within `until`, for the card-expiry notice. */
    renewingBefore(until: Date) {
      return db
        .selectFrom('subscriptions as s')
        .innerJoin('payment_cards as c', (j) =>
          j.onRef('c.user_id', '=', 's.user_id').on('c.is_default', '=', true).on('c.deleted_at', 'is', null),
        )
        .select(['s.id', 's.user_id', 's.current_period_end', 'c.id as card_id', 'c.exp_month', 'c.exp_year'])
        .where('s.status', '=', 'active')
        .where('s.current_period_end', '<=', until)
        .where('c.expiry_notice_sent_at', 'is', null)
        .execute();
    },

    /** Inserts the charge, or finds the one of the same key (a retried job, a double click). */
    async ensureCharge(charge: NewCharge): Promise<ChargeRow> {
      await db
        .insertInto('charges')
        .values({ ...charge, status: 'pending', lines: JSON.stringify(charge.lines) })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return db
        .selectFrom('charges')
        .selectAll()
        .where('idempotency_key', '=', charge.idempotency_key)
        .executeTakeFirstOrThrow();
    },

    /** Serialises the requests of one key (a double click) until this transaction ends. */
    async lockKey(key: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
    },

    async linkCharge(chargeId: string, subscriptionId: string): Promise<void> {
      await db.updateTable('charges').set({ subscription_id: subscriptionId }).where('id', '=', chargeId).execute();
    },

    chargeByKey(key: string): Promise<ChargeRow | undefined> {
      return db.selectFrom('charges').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
    },

    chargeByRef(gateway: string, ref: string): Promise<ChargeRow | undefined> {
      return db
        .selectFrom('charges')
        .selectAll()
        .where('gateway', '=', gateway)
        .where('gateway_ref', '=', ref)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The caller's charges still waiting on a 3-D Secure challenge. */
    awaitingAction(userId: string): Promise<ChargeRow[]> {
      return db
        .selectFrom('charges')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'requires_action')
        .orderBy('id')
        .execute();
    },

    /** The latest charge of a subscription (the open one of a past-due account, the last payment otherwise). */
    lastChargeOf(subscriptionId: string): Promise<ChargeRow | undefined> {
      return db
        .selectFrom('charges')
        .selectAll()
        .where('subscription_id', '=', subscriptionId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
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

export type BillingRepo = ReturnType<typeof billingRepo>;
