import { randomUUID } from 'node:crypto';
import { invoiceTotals } from '@spinyard/domain';
import type { Db } from '../../src/db/database.ts';
import type { ChargeLine, SubscriptionRowStatus } from '../../src/db/schema-billing.ts';

/** Plans as the plans area stores them (test rows; the plans module owns the table in the product). */
export interface PlanInput {
  id: string;
  amount?: number;
  interval?: 'day' | 'week' | 'month' | 'year';
  currency?: Currency;
  vehicle_limit?: number | null;
  enabled?: boolean;
}

/**
 * Billing rows for the billing and invoices tests and the month-end bench: plans, subscriptions and paid charges as the
 * billing area leaves them (its renewal is its own; here only what an invoice is made from). Amounts follow the
 * lines with the tax rounded once per rate, as the billing area charges them.
 */

type Currency = 'jpy' | 'usd' | 'eur' | 'krw' | 'cny';

export interface ChargeInput {
  userId: string;
  planId?: string;
  currency?: Currency;
  lines?: ChargeLine[];
  subscriptionId?: string | null;
  status?: 'pending' | 'requires_action' | 'succeeded' | 'failed';
  kind?: 'initial' | 'renewal' | 'proration' | 'late_fee' | 'recovery';
  periodStart?: Date | null;
  periodEnd?: Date | null;
  createdAt?: Date;
}

/** One month of the standard plan at 10 %. */
export const standardLine = (amount = 9800): ChargeLine => ({
  description: 'Standard plan',
  quantity: 1,
  unit_amount: amount,
  amount,
  tax_rate: 0.1,
});

export function billingFactory(db: Db) {
  return {
    /** A plan as master would have made it (the free plan exists from the migration); made once per id. */
    async plan(input: PlanInput): Promise<PlanInput> {
      await db
        .insertInto('plans')
        .values({
          id: input.id,
          name: `Plan ${input.id}`,
          amount: input.amount ?? 9800,
          interval: input.interval ?? 'month',
          currency: input.currency ?? 'jpy',
          statement_descriptor: 'SPINYARD',
          vehicle_limit: input.vehicle_limit === undefined ? 50 : input.vehicle_limit,
          enabled: input.enabled ?? true,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return input;
    },

    async subscription(input: {
      userId: string;
      planId: string;
      status?: SubscriptionRowStatus;
      currency?: Currency;
      periodStart?: Date;
      periodEnd?: Date;
      pastDueSince?: Date | null;
      nextRetryAt?: Date | null;
      endDate?: Date | null;
    }): Promise<string> {
      const start = input.periodStart ?? new Date('2026-11-01T00:00:00+09:00');
      const { id } = await db
        .insertInto('subscriptions')
        .values({
          user_id: input.userId,
          plan_id: input.planId,
          status: input.status ?? 'active',
          currency: input.currency ?? 'jpy',
          current_period_start: start,
          current_period_end: input.periodEnd ?? new Date(start.getTime() + 30 * 86_400_000),
          past_due_since: input.pastDueSince ?? null,
          next_retry_at: input.nextRetryAt ?? null,
          end_date: input.endDate ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** A charge (succeeded by default: what an invoice is issued for). */
    async charge(input: ChargeInput): Promise<string> {
      const lines = input.lines ?? [standardLine()];
      const totals = invoiceTotals(lines);
      const status = input.status ?? 'succeeded';
      const start = input.periodStart === undefined ? new Date('2026-11-01T00:00:00+09:00') : input.periodStart;
      const end = input.periodEnd === undefined ? start && new Date('2026-12-01T00:00:00+09:00') : input.periodEnd;
      const { id } = await db
        .insertInto('charges')
        .values({
          user_id: input.userId,
          subscription_id: input.subscriptionId ?? null,
          idempotency_key: randomUUID(),
          kind: input.kind ?? 'renewal',
          plan_id: input.planId ?? 'standard',
          currency: input.currency ?? 'jpy',
          amount_without_tax: totals.total_without_tax - totals.outside_tax,
          tax: totals.tax,
          late_fee: totals.outside_tax,
          amount: totals.total_with_tax,
          status,
          gateway: 'local',
          period_start: start,
          period_end: end,
          lines: JSON.stringify(lines),
          paid_at: status === 'succeeded' ? new Date() : null,
          ...(input.createdAt ? { created_at: input.createdAt } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** The charges of a user, oldest first, as numbers. */
    async chargesOf(userId: string) {
      const rows = await db.selectFrom('charges').selectAll().where('user_id', '=', userId).orderBy('id').execute();
      return rows.map((r) => ({ ...r, amount: Number(r.amount), late_fee: Number(r.late_fee), tax: Number(r.tax) }));
    },

    subscriptionOf(userId: string) {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    userRow(userId: string) {
      return db
        .selectFrom('users')
        .select(['status', 'car_limit', 'payment_failed_at', 'service_ends_at'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
    },
  };
}
export type BillingFactory = ReturnType<typeof billingFactory>;
