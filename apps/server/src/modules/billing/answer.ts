import { lateFee, type SubscriptionAnswer, TAX_RATE, taxOf } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { ChargeRow, PlanRow, SubscriptionRow } from './repo.ts';
import { billingRepo } from './repo.ts';
import type { BillingDeps } from './settle.ts';

type Payment = SubscriptionAnswer['payment'];

const NO_PAYMENT: Omit<Payment, 'open_amount'> = { state: 'none', challenge_url: null, error: null };

/** A charge as the answer's payment block says it; the challenge's address is asked of the gateway again. */
export async function paymentOf(
  deps: BillingDeps,
  charge: ChargeRow | undefined,
  challengeUrl?: string,
): Promise<Omit<Payment, 'open_amount'>> {
  if (!charge) return NO_PAYMENT;
  switch (charge.status) {
    case 'succeeded':
      return { state: 'paid', challenge_url: null, error: null };
    case 'failed':
      return { state: 'failed', challenge_url: null, error: charge.error_code };
    case 'requires_action': {
      let url = challengeUrl ?? null;
      if (!url && charge.gateway_ref && deps.payments) {
        const now = await deps.payments.retrieveCharge(charge.gateway_ref);
        url = now.status === 'requires_action' ? now.challengeUrl : null;
      }
      return { state: 'requires_action', challenge_url: url, error: null };
    }
    case 'pending':
      return NO_PAYMENT;
  }
}

/** What a past-due account owes now: the period's price with tax, and the late fee since the due date. */
export function openAmountOf(sub: SubscriptionRow, plan: PlanRow | undefined, now: Date): number {
  if (sub.status !== 'past_due' || !plan) return 0;
  const owed = Number(plan.amount) + taxOf(Number(plan.amount), TAX_RATE);
  return owed + lateFee(owed, sub.past_due_since ?? sub.current_period_end, now);
}

function nextBillingOf(sub: SubscriptionRow): Date | null {
  switch (sub.status) {
    case 'active':
      return sub.current_period_end;
    case 'past_due':
      return sub.next_retry_at;
    case 'cancel_pending':
      return sub.end_date && sub.current_period_end < sub.end_date ? sub.current_period_end : null;
    default:
      return null;
  }
}

/** A plan a contract or charge names; gone (deleted since) is 404. */
export const planOf = async (db: Db, id: string): Promise<PlanRow> => {
  const plan = await billingRepo(db).planById(id);
  if (!plan) throw new AppError('not_found', { message: `Plan ${id} is gone.` });
  return plan;
};

/**
 * What /settlements/subscription shows: the plan and its totals with and without tax, the next billing, the end
 * date, the vehicle limit, a downgrade waiting for the period's end, and the payment made or still open.
 */
export async function subscriptionAnswerOf(
  deps: BillingDeps,
  db: Db,
  sub: SubscriptionRow,
  payment?: Omit<Payment, 'open_amount'>,
): Promise<SubscriptionAnswer> {
  const repo = billingRepo(db);
  const plan = await planOf(db, sub.plan_id);
  const scheduled = sub.scheduled_plan_id ? await repo.planById(sub.scheduled_plan_id) : undefined;
  const amount = Number(plan.amount);
  const tax = taxOf(amount, TAX_RATE);
  const shown = payment ?? (await paymentOf(deps, await repo.lastChargeOf(sub.id)));
  return {
    id: sub.id,
    plan: { id: plan.id, name: plan.name, interval: plan.interval },
    status: sub.status,
    currency: sub.currency,
    total_without_tax: amount,
    tax,
    total_with_tax: amount + tax,
    current_period_start: sub.current_period_start.toISOString(),
    next_billing_at: nextBillingOf(sub)?.toISOString() ?? null,
    end_date: sub.end_date?.toISOString() ?? null,
    vehicle_limit: plan.vehicle_limit,
    scheduled_plan: scheduled
      ? { id: scheduled.id, name: scheduled.name, from: sub.current_period_end.toISOString() }
      : null,
    payment: { ...shown, open_amount: openAmountOf(sub, plan, deps.clock.now()) },
  };
}

/** A start whose first payment waits on its 3-D Secure challenge: no contract yet, the charge tells the plan. */
export async function pendingStartAnswer(
  deps: BillingDeps,
  db: Db,
  charge: ChargeRow,
  challengeUrl?: string,
): Promise<SubscriptionAnswer> {
  const plan = await planOf(db, charge.plan_id);
  return {
    id: '',
    plan: { id: plan.id, name: plan.name, interval: plan.interval },
    status: 'incomplete',
    currency: charge.currency,
    total_without_tax: Number(charge.amount_without_tax),
    tax: Number(charge.tax),
    total_with_tax: Number(charge.amount),
    current_period_start: (charge.period_start ?? charge.created_at).toISOString(),
    next_billing_at: null,
    end_date: null,
    vehicle_limit: plan.vehicle_limit,
    scheduled_plan: null,
    payment: { ...(await paymentOf(deps, charge, challengeUrl)), open_amount: 0 },
  };
}
