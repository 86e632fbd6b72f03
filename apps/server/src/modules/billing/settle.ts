import { canTransitionUserStatus, type PlanFormCurrency } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../platform/clock/clock.ts';
import type { MailQueue } from '../../platform/mail/mail-outbox-queue.ts';
import type { ChargeOutcome, PaymentGateway } from '../../platform/payments/gateway.ts';
import { type BillingState, userAccounts } from '../users/accounts-service.ts';
import { billingRepo, type ChargeRow, type SubscriptionRow } from './repo.ts';

/** What the billing services and jobs are built from. */
export interface BillingDeps {
  db: Db;
  /** The billing calendar's time (platform/clock): renewals, dunning, proration and late fees read it. */
  clock: Clock;
  payments: PaymentGateway | undefined;
  mail: MailQueue;
  /** The console's address, for the 3-D Secure return and the mails' links. */
  publicUrl: string | undefined;
  /**
   * Called exactly once, inside the transaction that marks a charge succeeded: modules/invoices issues the invoice
   * of the paid charge there, so a paid charge never lacks its invoice and a replay never issues two.
   */
  onChargePaid?: ((trx: Db, chargeId: string) => Promise<void>) | undefined;
}

export function gatewayOf(deps: BillingDeps): PaymentGateway {
  if (!deps.payments) throw new AppError('service_unavailable', { message: 'No card gateway is configured.' });
  return deps.payments;
}

/**
 * Sends a charge row to the gateway with the row's own idempotency key: a repeat (a retried job, a resumed request)
 * finds the gateway's first answer instead of charging again.
 */
export async function sendCharge(
  deps: BillingDeps,
  charge: ChargeRow,
  payer: { customerRef: string; cardRef: string },
  options: { offSession: boolean; returnPath: string; statementDescriptor?: string },
): Promise<ChargeOutcome> {
  return gatewayOf(deps).charge({
    customerRef: payer.customerRef,
    cardRef: payer.cardRef,
    amount: Number(charge.amount),
    currency: charge.currency as PlanFormCurrency,
    idempotencyKey: charge.idempotency_key,
    description: `${charge.kind} ${charge.plan_id}`,
    statementDescriptor: options.statementDescriptor || undefined,
    metadata: { charge_id: charge.id, user_id: charge.user_id, kind: charge.kind },
    returnUrl: `${deps.publicUrl ?? ''}${options.returnPath}`,
    offSession: options.offSession,
  });
}

/** Sets a user's billing columns through the users area, which alone writes `users`; a refused status move is kept. */
async function setUserState(trx: Db, userId: string, from: string, values: BillingState): Promise<void> {
  const { status, ...rest } = values;
  const move = status && status !== from ? canTransitionUserStatus(from as never, status) : undefined;
  await userAccounts(trx).setBillingState(userId, { ...rest, ...(move?.ok ? { status } : {}) });
}

/** The plan's vehicle limit and a cleared payment failure, when a paid period starts. */
export async function accountPaidUp(trx: Db, userId: string, planId: string, statusTo?: 'active'): Promise<void> {
  const repo = billingRepo(trx);
  const [plan, payer] = await Promise.all([repo.planById(planId), repo.payerOf(userId)]);
  if (!payer) return;
  await setUserState(trx, userId, payer.status, {
    car_limit: plan?.vehicle_limit ?? null,
    payment_failed_at: null,
    ...(statusTo ? { status: statusTo } : {}),
  });
}

/** What a succeeded charge changes: the contract it paid for. */
async function applyPaid(trx: Db, charge: ChargeRow, sub: SubscriptionRow | undefined): Promise<void> {
  const repo = billingRepo(trx);
  if (charge.kind === 'initial' || !sub) {
    // A paid start replaces a free contract, if any: its row ends where the paid one begins.
    const replaced = sub ?? (await repo.liveSubscription(charge.user_id, 'wait'));
    if (replaced) await repo.updateSubscription(replaced.id, { status: 'cancelled', end_date: charge.period_start });
    const started = await repo.insertSubscription({
      user_id: charge.user_id,
      plan_id: charge.plan_id,
      currency: charge.currency,
      current_period_start: charge.period_start ?? new Date(),
      current_period_end: charge.period_end ?? new Date(),
    });
    await repo.linkCharge(charge.id, started.id);
    await accountPaidUp(trx, charge.user_id, charge.plan_id, 'active');
    return;
  }
  if (charge.kind === 'proration') {
    await repo.updateSubscription(sub.id, { plan_id: charge.plan_id, scheduled_plan_id: null });
    await accountPaidUp(trx, charge.user_id, charge.plan_id);
    return;
  }
  // A renewal, or the recovery of a failed one: the period paid for begins.
  await repo.updateSubscription(sub.id, {
    plan_id: charge.plan_id,
    current_period_start: charge.period_start ?? sub.current_period_start,
    current_period_end: charge.period_end ?? sub.current_period_end,
    // A recovered account runs again; one whose cancellation was pending keeps its term end.
    status: sub.status === 'past_due' ? (sub.end_date ? 'cancel_pending' : 'active') : sub.status,
    past_due_since: null,
    next_retry_at: null,
    retry_count: 0,
  });
  await accountPaidUp(trx, charge.user_id, charge.plan_id);
}

/**
 * The user's other charges still waiting on a 3-D Secure challenge for the same contract (another card saved while
 * behind, another upgrade pressed) once one of them is paid: closed here (`card_already_paid`) and taken back at the
 * gateway, so answering the older challenge later never charges the same thing twice.
 */
async function supersede(deps: BillingDeps, trx: Db, paid: ChargeRow): Promise<void> {
  const repo = billingRepo(trx);
  for (const other of await repo.awaitingAction(paid.user_id)) {
    if (other.id === paid.id || other.subscription_id !== paid.subscription_id) continue;
    const closed = await repo.settleCharge(other.id, ['requires_action'], {
      status: 'failed',
      error_code: 'card_already_paid',
    });
    if (closed) await takeBackCharge(deps, other);
  }
}

/**
 * Applies the gateway's answer to the charge row, once: the status moves only from pending (or a challenge's
 * waiting) to its outcome, so a confirm racing a webhook, two workers, or a replayed notice apply a payment once;
 * the invoice hook runs in that same transaction. Answers the charge as it is now.
 */
export async function applyOutcome(
  deps: BillingDeps,
  trx: Db,
  charge: ChargeRow,
  outcome: ChargeOutcome,
): Promise<ChargeRow> {
  const repo = billingRepo(trx);
  if (outcome.status === 'succeeded') {
    const moved = await repo.settleCharge(charge.id, ['pending', 'requires_action'], {
      status: 'succeeded',
      gateway_ref: outcome.ref,
      error_code: null,
      paid_at: deps.clock.now(),
    });
    if (moved) {
      const sub = charge.subscription_id ? await repo.lockSubscription(charge.subscription_id) : undefined;
      await applyPaid(trx, charge, sub);
      await deps.onChargePaid?.(trx, charge.id);
      await supersede(deps, trx, charge);
    }
  } else if (outcome.status === 'requires_action') {
    await repo.settleCharge(charge.id, ['pending'], { status: 'requires_action', gateway_ref: outcome.ref });
  } else {
    await repo.settleCharge(charge.id, ['pending', 'requires_action'], {
      status: 'failed',
      gateway_ref: outcome.ref,
      error_code: outcome.error,
    });
  }
  return (await repo.chargeByKey(charge.idempotency_key)) ?? charge;
}

/**
 * A charge nothing here will stand for (a rolled-back or abandoned sign-up, a payment answered after its row was
 * closed) taken back at the gateway: a waiting challenge voided, so a late answer takes no money; a paid one
 * refunded. The key is the charge's own, so a second take-back (a replayed notice, a retried job) gives back nothing
 * twice.
 */
export async function takeBackCharge(deps: BillingDeps, charge: ChargeRow): Promise<void> {
  if (!charge.gateway_ref) return;
  await gatewayOf(deps).cancelCharge(charge.gateway_ref, `cancel:${charge.idempotency_key}`);
}

/** The customer and default card a charge is made on; `payment_required` when the account has no card. */
export async function payerRefs(trx: Db, userId: string): Promise<{ customerRef: string; cardRef: string }> {
  const repo = billingRepo(trx);
  const [customer, card] = await Promise.all([repo.customerOf(userId), repo.defaultCard(userId)]);
  if (!customer || !card) {
    throw new AppError('payment_required', { message: 'Register a card first.' });
  }
  return { customerRef: customer.customer_ref, cardRef: card.card_ref };
}

/** The user-status move of billing (active, expired, cancelled...), through the users area. */
export const setBillingUserState = setUserState;
