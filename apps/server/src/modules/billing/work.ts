import {
  addDays,
  CARD_EXPIRY_NOTICE_DAYS,
  CONTRACT_END_NOTICE_DAYS,
  cardExpiresBefore,
  nextRetryAt,
  VEHICLE_REMOVAL_NOTICE_DAYS,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { ChargeOutcome } from '../../platform/payments/gateway.ts';
import { deleteVehiclesOfOwner } from '../contents/publication-service.ts';
import { periodAfter, periodCharge } from './charges.ts';
import {
  cardExpiringMail,
  contractEndedMail,
  contractEndingMail,
  moneyText,
  type PayerMail,
  paymentFailedMail,
  renewalReceiptMail,
} from './mails.ts';
import { billingRepo, type ChargeRow, type PlanRow, type SubscriptionRow } from './repo.ts';
import {
  accountPaidUp,
  applyOutcome,
  type BillingDeps,
  gatewayOf,
  payerRefs,
  sendCharge,
  setBillingUserState,
} from './settle.ts';

export type StepResult = 'renewed' | 'recovered' | 'failed' | 'expired' | 'notified' | 'ended' | 'removed' | 'skipped';

interface Mail {
  build: (payer: PayerMail) => ReturnType<typeof paymentFailedMail>;
  key: string;
  /**
   * The console page the mail's link opens: where the dealer acts on it (the payment-failure screen for a failed
   * charge, the card page for a card running out, the invoices for a receipt).
   */
  page: string;
}

/** The step's mails, after its commit, to the payer's address under the domain's service name. */
async function sendMails(deps: BillingDeps, userId: string, mails: Mail[]): Promise<void> {
  if (mails.length === 0) return;
  const payer = await billingRepo(deps.db).payerOf(userId);
  if (!payer) return;
  for (const m of mails) {
    const to: PayerMail = {
      to: payer.email,
      serviceName: payer.service_name,
      link: `${deps.publicUrl ?? ''}${m.page}`,
    };
    await deps.mail.send(m.build(to), m.key);
  }
}

/** A charge paid by the jobs (a renewal, a dunning retry that went through): its receipt, with the invoices. */
function receipt(charge: ChargeRow): Mail {
  const amount = moneyText(Number(charge.amount), charge.currency);
  return {
    key: `billing:receipt:${charge.id}`,
    page: '/settlements/invoice',
    build: (p) => renewalReceiptMail(p, amount, charge.period_end),
  };
}

/** Mails the dealers whose default card expires before the coming renewal, once per card. */
export async function cardExpiryNotices(deps: BillingDeps): Promise<number> {
  const now = deps.clock.now();
  const repo = billingRepo(deps.db);
  let sent = 0;
  for (const row of await repo.renewingBefore(addDays(now, CARD_EXPIRY_NOTICE_DAYS))) {
    if (!cardExpiresBefore(row, row.current_period_end)) continue;
    if (!(await repo.markExpiryNotice(row.card_id, now))) continue;
    await sendMails(deps, row.user_id, [
      {
        key: `billing:card-expiry:${row.card_id}`,
        page: '/account/payment',
        build: (p) => cardExpiringMail(p, row.last4, row.current_period_end),
      },
    ]);
    sent += 1;
  }
  return sent;
}

/** A cancelled contract at its term end: cancelled, its vehicles' removal set 30 days on, the dealer told. */
async function end(trx: Db, sub: SubscriptionRow, mails: Mail[]): Promise<StepResult> {
  const endedAt = sub.end_date ?? sub.current_period_end;
  const removalAt = addDays(endedAt, VEHICLE_REMOVAL_NOTICE_DAYS);
  // next_retry_at is when the jobs act on the row next: for an ended contract, its vehicles' removal.
  await billingRepo(trx).updateSubscription(sub.id, { status: 'cancelled', next_retry_at: removalAt });
  await setBillingUserState(trx, sub.user_id, 'cancel_pending', { status: 'cancelled' });
  // No console link: a cancelled account cannot sign in (domain canSignIn).
  mails.push({ key: `billing:ended:${sub.id}`, page: '', build: (p) => contractEndedMail(p, endedAt, removalAt) });
  return 'ended';
}

/** A week before a cancelled contract's end, once: the date, while the dealer can still sign in and save. */
async function endNotice(trx: Db, sub: SubscriptionRow, now: Date, mails: Mail[]): Promise<StepResult> {
  const endsAt = sub.end_date ?? sub.current_period_end;
  const removalAt = addDays(endsAt, VEHICLE_REMOVAL_NOTICE_DAYS);
  await billingRepo(trx).updateSubscription(sub.id, { end_notice_sent_at: now });
  mails.push({
    key: `billing:ending:${sub.id}:${endsAt.toISOString()}`,
    page: '/contents/list',
    build: (p) => contractEndingMail(p, endsAt, removalAt),
  });
  return 'notified';
}

/**
 * The billing calendar's work on one subscription at the clock's time, in one transaction holding its row: a due
 * renewal (with a scheduled downgrade applied first), a retry of the dunning schedule, the end of a cancelled
 * contract, the removal of its vehicles after the notice. Two workers on the same subscription take turns on the
 * row lock; the second finds nothing due. Mails go out after the commit.
 */
export function billingWork(deps: BillingDeps) {
  const { db } = deps;

  async function charged(trx: Db, charge: ChargeRow, plan: PlanRow): Promise<ChargeRow> {
    if (charge.status !== 'pending') return charge;
    let outcome: ChargeOutcome;
    try {
      outcome = await sendCharge(deps, charge, await payerRefs(trx, charge.user_id), {
        offSession: true,
        returnPath: '/payment-failure',
        statementDescriptor: plan.statement_descriptor,
      });
    } catch (error) {
      // No card on file: the renewal fails like a refused card and dunning begins.
      if ((error as { code?: string }).code !== 'payment_required') throw error;
      outcome = { status: 'failed', ref: null, error: 'card_registration_failed' };
    }
    return applyOutcome(deps, trx, charge, outcome);
  }

  async function renew(trx: Db, sub: SubscriptionRow, now: Date, mails: Mail[]): Promise<StepResult> {
    const repo = billingRepo(trx);
    if (sub.scheduled_plan_id) {
      // A downgrade starts with the new period: its price and its vehicle limit.
      await repo.updateSubscription(sub.id, { plan_id: sub.scheduled_plan_id, scheduled_plan_id: null });
      await accountPaidUp(trx, sub.user_id, sub.scheduled_plan_id);
      sub.plan_id = sub.scheduled_plan_id;
    }
    const plan = await repo.planById(sub.plan_id);
    if (!plan) return 'skipped';
    if (Number(plan.amount) === 0) {
      const period = periodAfter(sub, plan);
      await repo.updateSubscription(sub.id, { current_period_start: period.start, current_period_end: period.end });
      return 'renewed';
    }
    const key = `renewal:${sub.id}:${sub.current_period_end.toISOString()}`;
    const row = await repo.ensureCharge(
      periodCharge({ sub, plan, key, kind: 'renewal', gateway: gatewayOf(deps).name, now }),
    );
    const settled = await charged(trx, row, plan);
    if (settled.status === 'succeeded') {
      mails.push(receipt(settled));
      return 'renewed';
    }
    const retryAt = nextRetryAt(sub.current_period_end, 0);
    await repo.updateSubscription(sub.id, {
      status: 'past_due',
      past_due_since: sub.current_period_end,
      retry_count: 0,
      next_retry_at: retryAt,
    });
    await setBillingUserState(trx, sub.user_id, 'active', { payment_failed_at: now });
    const amount = moneyText(Number(settled.amount), settled.currency);
    mails.push({
      key: `billing:failed:${settled.id}`,
      page: '/payment-failure',
      build: (p) => paymentFailedMail(p, amount, retryAt),
    });
    return 'failed';
  }

  async function retry(trx: Db, sub: SubscriptionRow, now: Date, mails: Mail[]): Promise<StepResult> {
    const repo = billingRepo(trx);
    const plan = await repo.planById(sub.plan_id);
    if (!plan) return 'skipped';
    const attempt = sub.retry_count + 1;
    const key = `dunning:${sub.id}:${sub.current_period_end.toISOString()}:${attempt}`;
    const row = await repo.ensureCharge(
      periodCharge({ sub, plan, key, kind: 'recovery', gateway: gatewayOf(deps).name, now }),
    );
    const settled = await charged(trx, row, plan);
    if (settled.status === 'succeeded') {
      mails.push(receipt(settled));
      return 'recovered';
    }
    const due = sub.past_due_since ?? sub.current_period_end;
    const retryAt = nextRetryAt(due, attempt);
    const amount = moneyText(Number(settled.amount), settled.currency);
    mails.push({
      key: `billing:failed:${settled.id}`,
      page: '/payment-failure',
      build: (p) => paymentFailedMail(p, amount, retryAt),
    });
    if (retryAt) {
      await repo.updateSubscription(sub.id, { retry_count: attempt, next_retry_at: retryAt });
      return 'failed';
    }
    await repo.updateSubscription(sub.id, { status: 'expired', retry_count: attempt, next_retry_at: null });
    const payer = await repo.payerOf(sub.user_id);
    await setBillingUserState(trx, sub.user_id, payer?.status ?? 'active', { status: 'expired' });
    return 'expired';
  }

  async function stepLocked(trx: Db, sub: SubscriptionRow, now: Date, mails: Mail[]): Promise<StepResult> {
    const due = (at: Date | null) => at !== null && at <= now;
    switch (sub.status) {
      case 'cancel_pending':
        // Past its end the contract just ends (a late run): the notice would ask for what can no longer be done.
        if (due(sub.end_date)) return end(trx, sub, mails);
        if (due(sub.current_period_end)) return renew(trx, sub, now, mails);
        if (sub.end_date && !sub.end_notice_sent_at && due(addDays(sub.end_date, -CONTRACT_END_NOTICE_DAYS))) {
          return endNotice(trx, sub, now, mails);
        }
        return 'skipped';
      case 'active':
        return due(sub.current_period_end) ? renew(trx, sub, now, mails) : 'skipped';
      case 'past_due':
        return due(sub.next_retry_at) ? retry(trx, sub, now, mails) : 'skipped';
      case 'cancelled':
        if (!due(sub.next_retry_at)) return 'skipped';
        await deleteVehiclesOfOwner(trx, sub.user_id);
        await billingRepo(trx).updateSubscription(sub.id, { next_retry_at: null });
        return 'removed';
      default:
        return 'skipped';
    }
  }

  return {
    /** One subscription's due step; run again until it answers 'skipped' to catch up on a long pause. */
    async step(subscriptionId: string): Promise<StepResult> {
      const mails: Mail[] = [];
      let userId = '';
      const result = await db.transaction().execute(async (trx) => {
        const sub = await billingRepo(trx).lockSubscription(subscriptionId);
        if (!sub) return 'skipped';
        userId = sub.user_id;
        return stepLocked(trx, sub, deps.clock.now(), mails);
      });
      await sendMails(deps, userId, mails);
      return result;
    },

    /** The subscriptions with a step due now. */
    dueIds: () => billingRepo(db).dueSubscriptionIds(deps.clock.now()),

    cardExpiryNotices: () => cardExpiryNotices(deps),
  };
}

export type BillingWork = ReturnType<typeof billingWork>;
