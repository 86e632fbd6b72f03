import type { SignupPurchase, SubscriptionAnswer } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { billingRepo } from './repo.ts';
import { applyOutcome, type BillingDeps, gatewayOf, takeBackCharge } from './settle.ts';
import { offeredPlan, subscriptionService } from './subscription-service.ts';

/**
 * The purchase of a registration (/user/entry after /user/plan and /user/payment): in the registration's own
 * transaction, the gateway's customer, the card from the browser's token and the subscription with its first
 * charge. A refused card or charge throws its card error and the registration's transaction rolls back: no
 * account, card or contract is left half made (the gateway may keep an unused customer, which costs nothing).
 * A first payment waiting on 3-D Secure commits with the account; its answer carries the challenge to answer,
 * which returns to /user/entry (the dealer has no session yet: the registration's sign-in hold is there).
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
    return subscriptions.startIn(trx, userId, `subscribe:${userId}:${purchase.request_id}`, plan, SIGNUP_RETURN_PATH);
  };
}

/** Where the issuer's challenge of a registration's first payment sends the browser back. */
export const SIGNUP_RETURN_PATH = '/user/entry?confirm=1';

/** What became of a registration's first payment once read from the gateway. */
export type FirstPaymentState = { state: 'paid' } | { state: 'requires_action' } | { state: 'failed'; error: string };

/**
 * The first payment of a registration held for 3-D Secure, for the registration's confirm: read from the gateway
 * and applied (a paid one starts the contract, the plan's limit and the account's activation, in applyOutcome's
 * transaction; the webhook may have done it first, and then nothing is applied twice), and the rollback of a
 * refused one's card.
 */
export function firstPayment(deps: BillingDeps) {
  return {
    async settle(userId: string): Promise<FirstPaymentState> {
      const charge = await deps.db.transaction().execute(async (trx) => {
        const repo = billingRepo(trx);
        await repo.lockKey(`first-payment:${userId}`);
        const found = await repo.latestInitialCharge(userId);
        if (found?.status !== 'requires_action' || !found.gateway_ref) return found;
        return applyOutcome(deps, trx, found, await gatewayOf(deps).retrieveCharge(found.gateway_ref));
      });
      if (charge?.status === 'succeeded') return { state: 'paid' };
      if (charge?.status === 'requires_action' || charge?.status === 'pending') return { state: 'requires_action' };
      return { state: 'failed', error: charge?.error_code ?? 'card_declined' };
    },

    /**
     * A never-activated registration rolled back: its cards detached at the gateway and removed here; a first
     * payment still waiting on its check (abandoned) is closed as failed, so a late answer never starts a contract,
     * and cancelled at the gateway, so a late answer takes no money either (refunded if it came in between).
     */
    async release(trx: Db, userId: string): Promise<void> {
      const repo = billingRepo(trx);
      for (const open of await repo.awaitingAction(userId)) {
        await repo.settleCharge(open.id, ['pending', 'requires_action'], {
          status: 'failed',
          error_code: 'card_authentication_required',
        });
        await takeBackCharge(deps, open);
      }
      const [customer, cards] = await Promise.all([repo.customerOf(userId), repo.cardsOf(userId)]);
      for (const card of cards) {
        if (customer) await gatewayOf(deps).detachCard(customer.customer_ref, card.card_ref);
      }
      await repo.deleteCards(userId);
    },
  };
}

export type FirstPayment = ReturnType<typeof firstPayment>;

export type SignupPurchaseRun = ReturnType<typeof signupPurchase>;
