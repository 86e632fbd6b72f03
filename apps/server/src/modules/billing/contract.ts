import { canManageCard, contractEnd, type SubscriptionAnswer } from '@spinyard/domain';
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
        const sub = await lockLive(trx, actor.userId);
        if (!sub) throw new AppError('not_found', { message: 'No subscription to cancel.' });
        if (sub.status !== 'active') {
          throw new AppError('invalid_state_transition', {
            message: `A contract in status ${sub.status} cannot be cancelled.`,
          });
        }
        const plan = await billingRepo(trx).planById(sub.plan_id);
        const end = contractEnd(sub.created_at, plan?.interval ?? 'month', sub.current_period_end, deps.clock.now());
        await cancelContract(trx, sub, end);
        const after = await billingRepo(trx).lockSubscription(sub.id);
        if (!after) throw new AppError('not_found');
        return subscriptionAnswerOf(deps, trx, after);
      });
    },
  };
}

export type ContractService = ReturnType<typeof contractService>;
