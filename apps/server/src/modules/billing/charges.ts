import { type InvoiceLineNote, lateFee, nextPeriodEnd, periodEnd, prorate, TAX_RATE, taxOf } from '@spinyard/domain';
import type { ChargeLine } from '../../db/schema-billing.ts';
import type { NewCharge, PlanRow, SubscriptionRow } from './repo.ts';

/**
 * One invoiced line; a late fee is interest, outside consumption tax (rate 0). The description is the plan's name
 * (or an English fallback for a reader without the note); the note says what the line is in the invoice's language.
 */
export const chargeLine = (
  description: string,
  amount: number,
  taxRate: number,
  note?: InvoiceLineNote,
): ChargeLine => ({
  description,
  ...(note ? { note } : {}),
  quantity: 1,
  unit_amount: amount,
  amount,
  tax_rate: taxRate,
});

/**
 * A charge from its lines: the taxable lines' total and its tax (rounded once, by taxOf), and the lines outside
 * tax (the late fee) added after it.
 */
function chargeOf(input: {
  sub: { id: string | null; user_id: string };
  key: string;
  kind: NewCharge['kind'];
  plan: PlanRow;
  gateway: string;
  period: { start: Date; end: Date };
  lines: ChargeLine[];
}): NewCharge {
  const taxable = input.lines.filter((l) => l.tax_rate > 0).reduce((sum, l) => sum + l.amount, 0);
  const fee = input.lines.filter((l) => l.tax_rate === 0).reduce((sum, l) => sum + l.amount, 0);
  const tax = taxOf(taxable, TAX_RATE);
  return {
    user_id: input.sub.user_id,
    subscription_id: input.sub.id,
    idempotency_key: input.key,
    kind: input.kind,
    plan_id: input.plan.id,
    currency: input.plan.currency,
    amount_without_tax: taxable,
    tax,
    late_fee: fee,
    amount: taxable + tax + fee,
    gateway: input.gateway,
    period_start: input.period.start,
    period_end: input.period.end,
    lines: input.lines,
  };
}

/** The first period of a paid plan from `now`; `replacing` is the free contract it replaces, if any. */
export function startCharge(input: {
  userId: string;
  key: string;
  plan: PlanRow;
  now: Date;
  gateway: string;
  replacing?: string;
}): NewCharge {
  const { plan, now } = input;
  return chargeOf({
    sub: { id: input.replacing ?? null, user_id: input.userId },
    key: input.key,
    kind: 'initial',
    plan,
    gateway: input.gateway,
    period: { start: now, end: periodEnd(now, plan.interval, 1) },
    lines: [chargeLine(plan.name, Number(plan.amount), TAX_RATE)],
  });
}

/** An upgrade at once: the unused part of the old plan credited, the new plan's rest of the period charged. */
export function upgradeCharge(input: {
  key: string;
  sub: SubscriptionRow;
  from: PlanRow;
  to: PlanRow;
  now: Date;
  gateway: string;
}): NewCharge {
  const { sub, from, to } = input;
  const p = prorate({
    oldAmount: Number(from.amount),
    newAmount: Number(to.amount),
    start: sub.current_period_start,
    end: sub.current_period_end,
    at: input.now,
  });
  return chargeOf({
    sub,
    key: input.key,
    kind: 'proration',
    plan: to,
    gateway: input.gateway,
    period: { start: input.now, end: sub.current_period_end },
    lines: [
      chargeLine(to.name, p.charge, TAX_RATE, 'rest_of_period'),
      chargeLine(from.name, -p.credit, TAX_RATE, 'unused_part'),
    ],
  });
}

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
  const owed = amount + taxOf(amount, TAX_RATE);
  const fee = kind === 'recovery' ? lateFee(owed, sub.past_due_since ?? period.start, input.now) : 0;
  return chargeOf({
    sub,
    key: input.key,
    kind,
    plan,
    gateway: input.gateway,
    period,
    lines: [
      chargeLine(plan.name, amount, TAX_RATE),
      ...(fee > 0 ? [chargeLine('Late payment interest', fee, 0, 'late_fee')] : []),
    ],
  });
}
