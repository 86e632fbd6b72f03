import {
  type CardAnswer,
  type CardTokenAnswer,
  canManageCard,
  canViewUsageQuota,
  cardExpiresBefore,
  type UsageQuotaAnswer,
} from '@spinyard/domain';
import { AppError } from '../../errors.ts';
import { enforce, permissionActorOf } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { contentsLimitOf } from '../contents/limits.ts';
import { periodCharge } from './charges.ts';
import { billingRepo, type CardRow } from './repo.ts';
import { applyOutcome, type BillingDeps, gatewayOf, payerRefs, sendCharge } from './settle.ts';

/** Where the browser comes back to when the open amount's payment asked for a 3-D Secure challenge. */
const RECOVERY_RETURN_PATH = '/payment-failure?confirm=1';

function cardAnswerOf(card: CardRow, nextBilling: Date | null): CardAnswer {
  return {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    is_default: card.is_default,
    expires_before_renewal: nextBilling ? cardExpiresBefore(card, nextBilling) : false,
  };
}

export function cardsService(deps: BillingDeps) {
  const { db } = deps;

  /** The gateway's customer of the account, made on first use; a concurrent first use keeps one (key and index). */
  async function customerRef(userId: string): Promise<string> {
    const repo = billingRepo(db);
    const known = await repo.customerOf(userId);
    if (known) return known.customer_ref;
    const payer = await repo.payerOf(userId);
    if (!payer) throw new AppError('not_authenticated');
    const gateway = gatewayOf(deps);
    const made = await gateway.createCustomer({
      userId,
      email: payer.email,
      name: payer.name,
      idempotencyKey: `customer:${userId}`,
    });
    return (await repo.saveCustomer(userId, gateway.name, made.ref)).customer_ref;
  }

  /**
   * An account behind on payment pays what is open with the new card at once (the payer is at the screen, so a
   * 3-D Secure challenge can be answered); paid, the period starts and the payment gate opens again.
   */
  async function recoverWith(userId: string, card: CardRow): Promise<string | null> {
    return db.transaction().execute(async (trx) => {
      const repo = billingRepo(trx);
      const live = await repo.liveSubscription(userId, 'wait');
      if (live?.status !== 'past_due') return null;
      const plan = await repo.planById(live.plan_id);
      if (!plan) return null;
      const key = `card:${live.id}:${live.current_period_end.toISOString()}:${card.id}`;
      const charge = await repo.ensureCharge(
        periodCharge({ sub: live, plan, key, kind: 'recovery', gateway: gatewayOf(deps).name, now: deps.clock.now() }),
      );
      if (charge.status !== 'pending') return charge.status === 'failed' ? charge.error_code : null;
      const outcome = await sendCharge(deps, charge, await payerRefs(trx, userId), {
        offSession: false,
        returnPath: RECOVERY_RETURN_PATH,
        statementDescriptor: plan.statement_descriptor,
      });
      const settled = await applyOutcome(deps, trx, charge, outcome);
      return settled.status === 'failed' ? settled.error_code : null;
    });
  }

  async function nextBillingOf(userId: string): Promise<Date | null> {
    const live = await billingRepo(db).liveSubscription(userId);
    return live ? live.current_period_end : null;
  }

  return {
    /** GET /card-token: the gateway's name and public key, for its own script in the browser. */
    cardToken(): CardTokenAnswer {
      // Public: a server without a gateway has no card form to offer (404), never a server error.
      if (!deps.payments) throw new AppError('not_found', { message: 'No card gateway is configured.' });
      return deps.payments.browserConfig();
    },

    /**
     * POST /credit-cards: a token made in the browser is saved on the account's customer and becomes the card
     * renewals are charged to. A refused card answers its catalogue error (402) and changes nothing.
     */
    async add(actor: Actor, token: string): Promise<CardAnswer> {
      enforce(canManageCard(await permissionActorOf(db, actor)));
      const ref = await customerRef(actor.userId);
      const attached = await gatewayOf(deps).attachCard(ref, token);
      if (!attached.ok) throw new AppError(attached.error);
      const card = await db.transaction().execute((trx) =>
        billingRepo(trx).insertDefaultCard({
          user_id: actor.userId,
          gateway: gatewayOf(deps).name,
          card_ref: attached.card.ref,
          brand: attached.card.brand,
          last4: attached.card.last4,
          exp_month: attached.card.exp_month,
          exp_year: attached.card.exp_year,
        }),
      );
      const refused = await recoverWith(actor.userId, card);
      if (refused) throw new AppError(refused as 'card_expired');
      return cardAnswerOf(card, await nextBillingOf(actor.userId));
    },

    async list(actor: Actor): Promise<{ cards: CardAnswer[] }> {
      enforce(canManageCard(await permissionActorOf(db, actor)));
      const next = await nextBillingOf(actor.userId);
      const cards = await billingRepo(db).cardsOf(actor.userId);
      return { cards: cards.map((c) => cardAnswerOf(c, next)) };
    },

    /** GET /usage-quota: the vehicles that count against the account's limit (the plan's, set on the user). */
    async usageQuota(actor: Actor): Promise<UsageQuotaAnswer> {
      enforce(canViewUsageQuota(await permissionActorOf(db, actor)));
      const live = await billingRepo(db).liveSubscription(actor.userId);
      const limit = await contentsLimitOf(db, actor.userId, 0);
      return { plan_id: live?.plan_id ?? 'free', vehicles_used: limit.count, vehicle_limit: limit.limit };
    },
  };
}

export type CardsService = ReturnType<typeof cardsService>;
