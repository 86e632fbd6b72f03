import { addDays, CONTRACT_END_NOTICE_DAYS } from '@spinyard/domain';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ChargesTable, PaymentCardsTable, PlansTable, SubscriptionsTable } from '../../db/schema.ts';
import type { ChargeLine } from '../../db/schema-billing.ts';
import { cardsRepo } from './cards-repo.ts';
import { chargesRepo } from './charges-repo.ts';

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
    | 'end_notice_sent_at'
  >
>;

const LIVE = ['active', 'past_due', 'cancel_pending'] as const;

/** PostgreSQL's "lock not available" (FOR UPDATE NOWAIT found the row held by another transaction). */
export function isLockBusy(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '55P03';
}

export function billingRepo(db: Db) {
  const subscriptions = () => db.selectFrom('subscriptions').selectAll();
  return {
    ...cardsRepo(db),
    ...chargesRepo(db),

    planById(id: string): Promise<PlanRow | undefined> {
      return db.selectFrom('plans').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    },

    /**
     * The plan under a share lock until the transaction ends: a master disabling or deleting it (FOR UPDATE in
     * modules/plans) waits for the contract made on it, then counts it; one that got there first is seen here.
     */
    planForShare(id: string): Promise<PlanRow | undefined> {
      return db
        .selectFrom('plans')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .forShare()
        .executeTakeFirst();
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

    /** The account's running contract; `lock` takes it FOR UPDATE (`nowait`: a busy row fails at once, 55P03). */
    liveSubscription(userId: string, lock?: 'wait' | 'nowait'): Promise<SubscriptionRow | undefined> {
      let query = subscriptions().where('user_id', '=', userId).where('status', 'in', LIVE);
      if (lock === 'wait') query = query.forUpdate();
      if (lock === 'nowait') query = query.forUpdate().noWait();
      return query.executeTakeFirst();
    },

    /** The live contract, or the one that ended last (what /settlements/subscription shows). */
    latestSubscription(userId: string): Promise<SubscriptionRow | undefined> {
      return subscriptions()
        .where('user_id', '=', userId)
        .orderBy(sql`status in ('active', 'past_due', 'cancel_pending')`, 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    lockSubscription(id: string): Promise<SubscriptionRow | undefined> {
      return subscriptions().where('id', '=', id).forUpdate().executeTakeFirst();
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

    /**
     * Subscriptions with a step due at `now`: a paid period over (renewal, a downgrade's start) or a contract's end;
     * a past-due account's next try; an ended contract's vehicle removal (next_retry_at).
     */
    async dueSubscriptionIds(now: Date): Promise<string[]> {
      const noticeFrom = addDays(now, CONTRACT_END_NOTICE_DAYS);
      const rows = await db
        .selectFrom('subscriptions')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('status', 'in', ['active', 'cancel_pending']),
              eb.or([eb('current_period_end', '<=', now), eb('end_date', '<=', now)]),
            ]),
            eb.and([
              eb('status', '=', 'cancel_pending'),
              eb('end_notice_sent_at', 'is', null),
              eb('end_date', '<=', noticeFrom),
            ]),
            eb.and([eb('status', 'in', ['past_due', 'cancelled']), eb('next_retry_at', '<=', now)]),
          ]),
        )
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
        .select([
          's.id',
          's.user_id',
          's.current_period_end',
          'c.id as card_id',
          'c.last4',
          'c.exp_month',
          'c.exp_year',
        ])
        .where('s.status', '=', 'active')
        .where('s.current_period_end', '<=', until)
        .where('c.expiry_notice_sent_at', 'is', null)
        .execute();
    },
  };
}

export type BillingRepo = ReturnType<typeof billingRepo>;
