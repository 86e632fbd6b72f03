import type { SignupPurchase, SubscriptionAnswer } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { billingRepo } from './repo.ts';
import { type BillingDeps, gatewayOf } from './settle.ts';
import { offeredPlan, subscriptionService } from './subscription-service.ts';

/**
 * The purchase of a registration (/user/entry after /user/plan and /user/payment): in the registration's own
 * transaction, the gateway's customer, the card from the browser's token and the subscription with its first
 * charge. A refused card or charge throws its card error and the registration's transaction rolls back: no
 * account, card or contract is left half made (the gateway may keep an unused customer, which costs nothing).
 * A first payment waiting on 3-D Secure commits with the account; its answer carries the challenge to answer.
 */
export function signupPurchase(deps: BillingDeps) {
  const subscriptions = subscriptionService(deps);
  return async (trx: Db, userId: string, purchase: SignupPurchase): Promise<SubscriptionAnswer> => {
    const plan = await offeredPlan(trx, purchase.plan_id);
    const gateway = gatewayOf(deps);
    if (Number(plan.amount) > 0) {
      if (!purchase.card_token) {
        throw new AppError('validation_failed', {
          fields: [fieldError('purchase.card_token', 'required', 'A paid plan needs a card.')],
        });
      }
      const repo = billingRepo(trx);
      const payer = await repo.payerOf(userId);
      if (!payer) throw new AppError('not_found');
      const customer = await gateway.createCustomer({
        userId,
        email: payer.email,
        name: payer.name,
        idempotencyKey: `customer:${userId}`,
      });
      await repo.saveCustomer(userId, gateway.name, customer.ref);
      const attached = await gateway.attachCard(customer.ref, purchase.card_token);
      if (!attached.ok) throw new AppError(attached.error);
      await repo.insertDefaultCard({
        user_id: userId,
        gateway: gateway.name,
        card_ref: attached.card.ref,
        brand: attached.card.brand,
        last4: attached.card.last4,
        exp_month: attached.card.exp_month,
        exp_year: attached.card.exp_year,
      });
    }
    return subscriptions.startIn(trx, userId, `subscribe:${userId}:${purchase.request_id}`, plan);
  };
}

export type SignupPurchaseRun = ReturnType<typeof signupPurchase>;
