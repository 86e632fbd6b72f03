import {
  type CancellationPreviewAnswer,
  canManageCard,
  contractEnd,
  nextPeriodEnd,
  type SubscriptionAnswer,
  TAX_RATE,
  taxOf,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { enforce, permissionActorOf } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { subscriptionAnswerOf } from './answer.ts';
import { billingRepo, isLockBusy, type SubscriptionRow } from './repo.ts';
import { type BillingDeps, setBillingUserState } from './settle.ts';

/** The caller's live contract, locked without waiting: a cancellation or another change in flight answers 409. */
export async function lockLive(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  try {
    return await billingRepo(db).liveSubscription(userId, 'nowait');
  } catch (error) {
    if (isLockBusy(error)) {
      throw new AppError('conflict', { message: 'Another change of this contract is in progress. Try again.' });
    }
    throw error;
  }
}

/** Whether the user has a running card contract (active, past due or cancel pending): users' cancellation asks. */
export async function hasLiveContract(db: Db, userId: string): Promise<boolean> {
  return (await billingRepo(db).liveSubscription(userId)) !== undefined;
}

/**
 * Sets (an end date) or takes back (null) a contract's cancellation, on the subscription and on its user: the user
 * status cancel_pending with the term end, or active again.
 */
export async function cancelContract(trx: Db, sub: SubscriptionRow, end: Date | null): Promise<void> {
  const repo = billingRepo(trx);
  await repo.updateSubscription(sub.id, { status: end ? 'cancel_pending' : 'active', end_date: end });
  const payer = await repo.payerOf(sub.user_id);
  if (payer) {
    await setBillingUserState(trx, sub.user_id, payer.status, {
      status: end ? 'cancel_pending' : 'active',
      service_ends_at: end,
    });
  }
}

/** A cancellation can only be asked of a running contract: none is 404, one behind on payment or ending is 409. */
function cancellable(sub: SubscriptionRow | undefined): SubscriptionRow {
  if (!sub) throw new AppError('not_found', { message: 'No subscription to cancel.' });
  if (sub.status !== 'active') {
    throw new AppError('invalid_state_transition', {
      message: `A contract in status ${sub.status} cannot be cancelled.`,
    });
  }
  return sub;
}

/** The term end a cancellation asked at `now` gets: the one function both the cancellation and its preview use. */
async function cancellationEndOf(db: Db, sub: SubscriptionRow, now: Date): Promise<Date> {
  const plan = await billingRepo(db).planById(sub.plan_id);
  return contractEnd(sub.created_at, plan?.interval ?? 'month', sub.current_period_end, now);
}

/**
 * The renewals still charged before `end`: one at each period end before it, on the plan then in force (a scheduled
 * downgrade applies from the first), priced as the renewal job prices them (plan amount plus tax).
 */
async function chargesBefore(db: Db, sub: SubscriptionRow, end: Date): Promise<CancellationPreviewAnswer['charges']> {
  const repo = billingRepo(db);
  const plan = await repo.planById(sub.scheduled_plan_id ?? sub.plan_id);
  if (!plan) return [];
  const amount = Number(plan.amount);
  const charges: NonNullable<CancellationPreviewAnswer['charges']> = [];
  if (amount === 0) return charges;
  const interval = (await repo.planById(sub.plan_id))?.interval ?? plan.interval;
  for (let at = sub.current_period_end; at < end; at = nextPeriodEnd(sub.created_at, interval, at)) {
    charges.push({
      charged_at: at.toISOString(),
      plan_name: plan.name,
      currency: plan.currency,
      total_with_tax: amount + taxOf(amount, TAX_RATE),
    });
  }
  return charges;
}

export function contractService(deps: BillingDeps) {
  const { db } = deps;
  return {
    /**
     * POST /subscription/cancel: the card-paying admin cancels their own contract. It ends at the end of the paid
     * period, or of the first one that ends at least a month ahead; service and renewals run until then.
     */
    async cancel(actor: Actor, acceptTerms: boolean): Promise<SubscriptionAnswer> {
      enforce(canManageCard(await permissionActorOf(db, actor)));
      if (!acceptTerms) {
        throw new AppError('terms_not_accepted', {
          fields: [fieldError('accept_terms', 'required', 'Please accept the terms.')],
        });
      }
      return db.transaction().execute(async (trx) => {
        const sub = cancellable(await lockLive(trx, actor.userId));
        await cancelContract(trx, sub, await cancellationEndOf(trx, sub, deps.clock.now()));
        const after = await billingRepo(trx).lockSubscription(sub.id);
        if (!after) throw new AppError('not_found');
        return subscriptionAnswerOf(deps, trx, after);
      });
    },

    /**
     * GET /subscription/cancel/preview: the end a cancellation made now would get and the renewals still charged
     * before it, for the confirm screen; changes nothing.
     */
    async preview(actor: Actor): Promise<CancellationPreviewAnswer> {
      enforce(canManageCard(await permissionActorOf(db, actor)));
      const sub = cancellable(await billingRepo(db).liveSubscription(actor.userId));
      const end = await cancellationEndOf(db, sub, deps.clock.now());
      return { service_ends_at: end.toISOString(), charges: await chargesBefore(db, sub, end) };
    },
  };
}

export type ContractService = ReturnType<typeof contractService>;
