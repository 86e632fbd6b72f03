import {
  addMonthsJapan,
  canChangePlan,
  canManageCard,
  FREE_PLAN_ID,
  PLAN_DOWNGRADE_INTERVAL_MONTHS,
  periodEnd,
  renewalAllowed,
  type SubscribeBody,
  type SubscriptionAnswer,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { enforce, permissionActorOf } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { paymentOf, pendingStartAnswer, planOf, subscriptionAnswerOf } from './answer.ts';
import { startCharge, upgradeCharge } from './charges.ts';
import { cancelContract, lockLive } from './contract.ts';
import { billingRepo, type ChargeRow, type NewCharge, type PlanRow, type SubscriptionRow } from './repo.ts';
import { accountPaidUp, applyOutcome, type BillingDeps, gatewayOf, payerRefs, sendCharge } from './settle.ts';

/** Where the payer's browser comes back to after a 3-D Secure challenge (the console then calls /confirm). */
const RETURN_PATH = '/settlements/subscription?confirm=1';

interface Outcome {
  answer: SubscriptionAnswer;
  /** A refused card: answered as its catalogue error once the failed charge is recorded. */
  refused?: string | null;
}

/**
 * The plan asked for, if a customer may take it: not deleted, enabled and active (`free` always is). Read under a
 * share lock held to the end of the caller's transaction, so the contract made on it and a master's disabling of
 * it cannot pass each other: one waits for the other and sees what it did.
 */
export async function offeredPlan(trx: Db, id: string): Promise<PlanRow> {
  const plan = await billingRepo(trx).planForShare(id);
  if (plan && (plan.id === FREE_PLAN_ID || (plan.enabled && plan.status === 'active'))) return plan;
  throw new AppError('validation_failed', {
    fields: [fieldError('plan_id', 'one_of', 'This plan cannot be subscribed to.')],
  });
}

/** The answer after a charge of this call: the contract as it is now, or the start still waiting on its payment. */
async function answerAfter(
  deps: BillingDeps,
  trx: Db,
  userId: string,
  charge: ChargeRow,
  url?: string,
): Promise<Outcome> {
  const refused = charge.status === 'failed' ? charge.error_code : undefined;
  const sub = await billingRepo(trx).liveSubscription(userId);
  if (charge.status !== 'succeeded' && (charge.kind === 'initial' || !sub)) {
    return { answer: await pendingStartAnswer(deps, trx, charge, url), refused };
  }
  if (!sub) throw new AppError('not_found');
  return { answer: await subscriptionAnswerOf(deps, trx, sub, await paymentOf(deps, charge, url)), refused };
}

/** The contract as this call left it. */
async function answerNow(deps: BillingDeps, trx: Db, subId: string): Promise<Outcome> {
  const sub = await billingRepo(trx).lockSubscription(subId);
  if (!sub) throw new AppError('not_found');
  return { answer: await subscriptionAnswerOf(deps, trx, sub) };
}

/** Sends a charge made in this transaction and applies its outcome there (the row lock is held meanwhile). */
async function chargeNow(
  deps: BillingDeps,
  trx: Db,
  charge: NewCharge,
  plan: PlanRow,
  returnPath = RETURN_PATH,
): Promise<{ row: ChargeRow; url?: string }> {
  const payer = await payerRefs(trx, charge.user_id);
  const row = await billingRepo(trx).ensureCharge(charge);
  const outcome = await sendCharge(deps, row, payer, {
    offSession: false,
    returnPath,
    statementDescriptor: plan.statement_descriptor,
  });
  const settled = await applyOutcome(deps, trx, row, outcome);
  return { row: settled, ...(outcome.status === 'requires_action' ? { url: outcome.challengeUrl } : {}) };
}

/**
 * A start of the caller's that waited on a 3-D Secure challenge is read again from the gateway and applied (the
 * payer may have answered it, or it lapsed); answered when it still waits.
 */
async function settleWaitingStart(deps: BillingDeps, trx: Db, userId: string): Promise<ChargeRow | undefined> {
  const waiting = (await billingRepo(trx).awaitingAction(userId)).find((c) => c.kind === 'initial');
  if (!waiting?.gateway_ref) return undefined;
  const outcome = await gatewayOf(deps).retrieveCharge(waiting.gateway_ref);
  const settled = await applyOutcome(deps, trx, waiting, outcome);
  return settled.status === 'requires_action' ? settled : undefined;
}

/** A first contract: the free plan at once; a paid plan once its first period is paid. */
async function start(
  deps: BillingDeps,
  trx: Db,
  userId: string,
  key: string,
  plan: PlanRow,
  now: Date,
  back?: string,
): Promise<Outcome> {
  if (Number(plan.amount) === 0) {
    const sub = await billingRepo(trx).insertSubscription({
      user_id: userId,
      plan_id: plan.id,
      currency: plan.currency,
      current_period_start: now,
      current_period_end: periodEnd(now, plan.interval, 1),
    });
    await accountPaidUp(trx, userId, plan.id, 'active');
    return { answer: await subscriptionAnswerOf(deps, trx, sub) };
  }
  const { row, url } = await chargeNow(
    deps,
    trx,
    startCharge({ userId, key, plan, now, gateway: gatewayOf(deps).name }),
    plan,
    back,
  );
  return answerAfter(deps, trx, userId, row, url);
}

export function subscriptionService(deps: BillingDeps) {
  const { db } = deps;

  /** A change to `plan` of a running contract: an upgrade charged now, a downgrade from the period's end. */
  async function change(trx: Db, key: string, sub: SubscriptionRow, plan: PlanRow, now: Date): Promise<Outcome> {
    const repo = billingRepo(trx);
    const current = await planOf(trx, sub.plan_id);
    if (plan.id === sub.plan_id) {
      // Staying on the current plan takes back a downgrade waiting for the period's end.
      if (sub.scheduled_plan_id) await repo.updateSubscription(sub.id, { scheduled_plan_id: null });
      return answerNow(deps, trx, sub.id);
    }
    if (plan.id !== FREE_PLAN_ID && current.id !== FREE_PLAN_ID && plan.currency !== sub.currency) {
      throw new AppError('validation_failed', {
        fields: [fieldError('plan_id', 'one_of', 'A plan in another currency needs a new contract.')],
      });
    }
    if (Number(current.amount) === 0 && Number(plan.amount) > 0) {
      const { row, url } = await chargeNow(
        deps,
        trx,
        startCharge({ userId: sub.user_id, key, plan, now, gateway: gatewayOf(deps).name, replacing: sub.id }),
        plan,
      );
      return answerAfter(deps, trx, sub.user_id, row, url);
    }
    if (Number(plan.amount) > Number(current.amount)) {
      const { row, url } = await chargeNow(
        deps,
        trx,
        upgradeCharge({ key, sub, from: current, to: plan, now, gateway: gatewayOf(deps).name }),
        plan,
      );
      return answerAfter(deps, trx, sub.user_id, row, url);
    }
    const earliest = sub.last_downgrade_at
      ? addMonthsJapan(sub.last_downgrade_at, PLAN_DOWNGRADE_INTERVAL_MONTHS)
      : undefined;
    if (earliest && now < earliest) {
      throw new AppError('plan_downgrade_once_a_month', { params: { from: earliest.toISOString() } });
    }
    await repo.updateSubscription(sub.id, { scheduled_plan_id: plan.id, last_downgrade_at: now });
    return answerNow(deps, trx, sub.id);
  }

  function finish(outcome: Outcome): SubscriptionAnswer {
    if (outcome.refused) throw new AppError(outcome.refused as 'card_expired');
    return outcome.answer;
  }

  return {
    /** A registration's first contract, in its transaction (a refused card throws); a challenge returns to `back`. */
    startIn: async (trx: Db, userId: string, key: string, plan: PlanRow, back: string) =>
      finish(await start(deps, trx, userId, key, plan, deps.clock.now(), back)),

    /**
     * POST /subscription: start, upgrade, downgrade, or take back a cancellation. The request id makes the charge's
     * key: the same press sent twice waits for the first (an advisory lock on the key) and answers what it did.
     */
    async subscribe(actor: Actor, body: SubscribeBody): Promise<SubscriptionAnswer> {
      enforce(canChangePlan(await permissionActorOf(db, actor)));
      const userId = actor.userId;
      const key = `subscribe:${userId}:${body.request_id}`;
      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        const repo = billingRepo(trx);
        await repo.lockKey(key);
        const done = await repo.chargeByKey(key);
        if (done) return answerAfter(deps, trx, userId, done);
        const plan = await offeredPlan(trx, body.plan_id);
        const open = await settleWaitingStart(deps, trx, userId);
        if (open) {
          // A start still waiting on its challenge: shown again, never a second first charge.
          if (open.plan_id !== plan.id) {
            throw new AppError('conflict', { message: 'Answer the card check of the plan chosen first.' });
          }
          return answerAfter(deps, trx, userId, open);
        }
        const sub = await lockLive(trx, userId);
        const now = deps.clock.now();
        if (!sub) return start(deps, trx, userId, key, plan, now);
        if (sub.status === 'past_due') {
          throw new AppError('payment_required', { message: 'Update the card to pay what is open first.' });
        }
        if (sub.status === 'cancel_pending') {
          if (!sub.end_date || !renewalAllowed(sub.end_date, now)) throw new AppError('renewal_too_close_to_expiry');
          await cancelContract(trx, sub, null);
          sub.status = 'active';
          sub.end_date = null;
        }
        return change(trx, key, sub, plan, now);
      });
      return finish(outcome);
    },

    /** GET /subscription: the contract as /settlements/subscription shows it (404 when there never was one). */
    async get(actor: Actor): Promise<SubscriptionAnswer> {
      enforce(canManageCard(await permissionActorOf(db, actor)));
      const repo = billingRepo(db);
      const sub = await repo.latestSubscription(actor.userId);
      const waiting = (await repo.awaitingAction(actor.userId)).find((c) => c.kind === 'initial');
      if (waiting && (!sub || !['active', 'past_due', 'cancel_pending'].includes(sub.status))) {
        return pendingStartAnswer(deps, db, waiting);
      }
      if (!sub) throw new AppError('not_found', { message: 'No subscription yet.' });
      return subscriptionAnswerOf(deps, db, sub);
    },

    /**
     * POST /subscription/confirm: the browser is back from a 3-D Secure challenge. Every charge of the caller still
     * waiting on one is read again from the gateway and its outcome applied (the webhook may have done it first).
     */
    async confirm(actor: Actor): Promise<SubscriptionAnswer> {
      enforce(canManageCard(await permissionActorOf(db, actor)));
      const gateway = gatewayOf(deps);
      let last: ChargeRow | undefined;
      for (const waiting of await billingRepo(db).awaitingAction(actor.userId)) {
        if (!waiting.gateway_ref) continue;
        const outcome = await gateway.retrieveCharge(waiting.gateway_ref);
        last = await db.transaction().execute((trx) => applyOutcome(deps, trx, waiting, outcome));
      }
      if (last?.status === 'failed')
        throw new AppError((last.error_code ?? 'card_registration_failed') as 'card_expired');
      return this.get(actor);
    },
  };
}

export type SubscriptionService = ReturnType<typeof subscriptionService>;
