import { type Clock, systemClock } from '../../platform/clock/clock.ts';
import { mailJob } from '../../platform/jobs/mail-job.ts';
import type { AppModule, JobsContext, ModuleContext } from '../context.ts';
import { DEFAULT_INVOICE_ISSUER, type InvoiceIssuer, issueInvoiceForCharge } from '../invoices/issue.ts';
import { cardsService } from './cards-service.ts';
import { contractService } from './contract.ts';
import { billingJobs } from './jobs.ts';
import { billingPublicRoutes, billingRoutes } from './routes.ts';
import type { BillingDeps } from './settle.ts';
import { subscriptionService } from './subscription-service.ts';
import { webhookService } from './webhook-service.ts';

function invoiceOnPayment(clock: Clock, issuer: InvoiceIssuer): NonNullable<BillingDeps['onChargePaid']> {
  return async (trx, chargeId) => {
    await issueInvoiceForCharge(trx, chargeId, clock.now(), issuer);
  };
}

/** Billing's dependencies from a module's context (the users module's registration buys with them too). */
export function billingDepsOf(ctx: ModuleContext): BillingDeps {
  return {
    db: ctx.db,
    clock: ctx.clock,
    payments: ctx.payments,
    mail: ctx.mail,
    publicUrl: ctx.publicUrl,
    // Each paid charge's invoice, issued inside the transaction that marks the charge succeeded.
    onChargePaid: invoiceOnPayment(ctx.clock, ctx.invoiceIssuer),
  };
}

/**
 * Billing's dependencies in a job (the users module's sweep of abandoned registrations): a payment that went through
 * meanwhile is applied there with its invoice; mails go through the mail job.
 */
export function billingDepsOfJobs(ctx: JobsContext): BillingDeps {
  const clock = ctx.clock ?? systemClock;
  return {
    db: ctx.db,
    clock,
    payments: ctx.payments,
    mail: {
      async send(outgoing, idempotencyKey) {
        await ctx.enqueue?.(mailJob, { idempotencyKey, mail: outgoing });
      },
    },
    publicUrl: ctx.publicUrl,
    onChargePaid: invoiceOnPayment(clock, ctx.invoiceIssuer ?? DEFAULT_INVOICE_ISSUER),
  };
}

/**
 * Billing (issue 19, points 3 to 5, 7 and 9): cards behind the PaymentGateway port, the subscription with its
 * upgrades, downgrades and cancellation, renewals and dunning as jobs on the billing clock, the gateway's webhooks,
 * and the usage quota. The only writer of payment_customers, payment_cards, subscriptions, charges, billing_events.
 */
export const billingModule: AppModule = {
  name: 'billing',
  async public(scope, ctx) {
    const deps = billingDepsOf(ctx);
    await scope.register(billingPublicRoutes, { cards: cardsService(deps), webhooks: webhookService(deps) });
  },
  async signedIn(scope, ctx) {
    const deps = billingDepsOf(ctx);
    await scope.register(billingRoutes, {
      cards: cardsService(deps),
      subscriptions: subscriptionService(deps),
      contract: contractService(deps),
    });
  },
  jobs: (ctx) =>
    billingJobs(ctx, {
      publicUrl: ctx.publicUrl,
      onChargePaid: invoiceOnPayment(ctx.clock ?? systemClock, ctx.invoiceIssuer ?? DEFAULT_INVOICE_ISSUER),
    }),
};
