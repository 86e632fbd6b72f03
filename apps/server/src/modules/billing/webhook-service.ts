import { AppError } from '../../errors.ts';
import type { ChargeOutcome, GatewayEvent } from '../../platform/payments/gateway.ts';
import { billingRepo } from './repo.ts';
import { applyOutcome, type BillingDeps, takeBackCharge } from './settle.ts';

/** A notice about a charge we wait on, as the gateway's answer to that charge. */
function outcomeOf(event: GatewayEvent): ChargeOutcome | undefined {
  if (!event.chargeRef) return undefined;
  if (event.type === 'charge.succeeded') return { status: 'succeeded', ref: event.chargeRef };
  if (event.type === 'charge.failed') {
    return { status: 'failed', ref: event.chargeRef, error: event.error ?? 'card_registration_failed' };
  }
  return undefined;
}

export function webhookService(deps: BillingDeps) {
  return {
    /**
     * POST /payments/webhook/{gateway}: the signature is checked over the raw body first (400, nothing changed, when
     * it does not hold); the event id is recorded in the same transaction as its effect, so a replay does nothing
     * and a notice whose effect failed is taken again when the gateway resends it.
     */
    async receive(
      gatewayName: string,
      raw: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<{ received: boolean; duplicate: boolean }> {
      // No gateway of that name here (or none configured): nothing to receive, never a server error.
      const gateway = deps.payments;
      if (gateway?.name !== gatewayName) throw new AppError('not_found');
      let event: GatewayEvent;
      try {
        event = gateway.parseWebhook(raw, headers);
      } catch {
        // A bad signature, or a body that is not the gateway's notice: refused alike, nothing read from it.
        throw new AppError('bad_request', { message: 'The webhook signature does not hold.' });
      }
      return deps.db.transaction().execute(async (trx) => {
        const repo = billingRepo(trx);
        if (!(await repo.recordEvent(gateway.name, event.id, event.gatewayType))) {
          return { received: true, duplicate: true };
        }
        const outcome = outcomeOf(event);
        const charge = outcome ? await repo.chargeByRef(gateway.name, outcome.ref ?? '') : undefined;
        if (outcome && charge && (charge.status === 'pending' || charge.status === 'requires_action')) {
          await applyOutcome(deps, trx, charge, outcome);
        } else if (outcome?.status === 'succeeded' && charge?.status === 'failed') {
          // Paid at the gateway after this side closed the charge (an abandoned sign-up's challenge answered late):
          // nothing here stands for that money, so it goes back.
          await takeBackCharge(deps, charge);
        }
        return { received: true, duplicate: false };
      });
    },
  };
}

export type WebhookService = ReturnType<typeof webhookService>;
