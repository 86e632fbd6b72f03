import { lateFee, nextPeriodEnd, taxOf } from '@spinyard/domain';
import type { NewCharge, PlanRow, SubscriptionRow } from './repo.ts';

/** One invoiced line; a late fee is interest, outside consumption tax (rate 0). */
export const chargeLine = (description: string, amount: number, taxRate: number) => ({
  description,
  quantity: 1,
  unit_amount: amount,
  amount,
  tax_rate: taxRate,
});

/** The period a renewal pays for: from the paid period's end to the next end counted from the contract's anchor. */
export function periodAfter(sub: SubscriptionRow, plan: PlanRow): { start: Date; end: Date } {
  return { start: sub.current_period_end, end: nextPeriodEnd(sub.created_at, plan.interval, sub.current_period_end) };
}

/**
 * The charge of the period after the paid one. A renewal pays the plan's price with tax; a recovery (a retry of the
 * dunning schedule, or the payment made by updating the card) pays the same period with the late fee since the due
 * date on the overdue total, as its own line outside tax.
 */
export function periodCharge(input: {
  sub: SubscriptionRow;
  plan: PlanRow;
  key: string;
  kind: 'renewal' | 'recovery';
  gateway: string;
  now: Date;
}): NewCharge {
  const { sub, plan, kind } = input;
  const period = periodAfter(sub, plan);
  const amount = Number(plan.amount);
  const tax = taxOf(amount);
  const fee = kind === 'recovery' ? lateFee(amount + tax, sub.past_due_since ?? period.start, input.now) : 0;
  return {
    user_id: sub.user_id,
    subscription_id: sub.id,
    idempotency_key: input.key,
    kind,
    plan_id: plan.id,
    currency: plan.currency,
    amount_without_tax: amount,
    tax,
    late_fee: fee,
    amount: amount + tax + fee,
    gateway: input.gateway,
    period_start: period.start,
    period_end: period.end,
    lines: [
      chargeLine(plan.name, amount, 0.1),
      ...(fee > 0 ? [chargeLine('Late payment interest (14.6 % a year)', fee, 0)] : []),
    ],
  };
}
