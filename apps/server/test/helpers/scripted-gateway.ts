import { createHmac } from 'node:crypto';
import {
  type AttachOutcome,
  type CardErrorCode,
  type ChargeOutcome,
  type ChargeRequest,
  type GatewayEvent,
  type PaymentGateway,
  WebhookSignatureError,
} from '../../src/platform/payments/gateway.ts';

/**
 * A test double of the PaymentGateway port (not product code): it records every call, keeps the gateway's
 * idempotency by key (the same key answers the first outcome and charges once), fails a card or a charge when told,
 * asks for a 3-D Secure challenge when told, and can hold charges until a test releases them (for races).
 *
 * Tokens: `card:<last4>:<mm>:<yyyy>` saves that card; `fail:<card error>` is refused with that error.
 */
export interface ScriptedGateway extends PaymentGateway {
  readonly calls: { method: string; request?: ChargeRequest }[];
  /** Charges the gateway really made (one per idempotency key), in order. */
  readonly charged: ChargeRequest[];
  /** Charges taken back before they were paid (a waiting challenge voided), and paid ones refunded, by ref. */
  readonly voided: string[];
  readonly refunded: string[];
  /** The next charges fail with this card error until set back to null. */
  failCharges: CardErrorCode | null;
  /** On-session charges ask for a challenge (off-session ones then fail, as a real gateway does). */
  challenge: boolean;
  /** The payer answered (or failed) the challenge of a charge. */
  completeChallenge(ref: string, ok: boolean): void;
  /** Charges wait until `release()`; `reached` resolves when one is waiting. */
  hold(): { reached: Promise<void>; release(): void };
  /** A notice signed as the gateway signs it, or with a wrong signature. */
  webhook(event: GatewayEvent, options?: { badSignature?: boolean }): { body: string; headers: Record<string, string> };
}

const SECRET = 'scripted-webhook-secret';
const sign = (body: Buffer | string) => createHmac('sha256', SECRET).update(body).digest('hex');

export function scriptedGateway(): ScriptedGateway {
  const byKey = new Map<string, ChargeOutcome>();
  const byRef = new Map<string, ChargeOutcome>();
  let n = 0;
  let gate: { reached: () => void; released: Promise<void> } | undefined;

  const gateway: ScriptedGateway = {
    name: 'local',
    calls: [],
    charged: [],
    failCharges: null,
    challenge: false,
    voided: [],
    refunded: [],
    browserConfig: () => ({ gateway: 'local', publishable_key: null }),

    async createCustomer(input) {
      gateway.calls.push({ method: 'createCustomer' });
      return { ref: `cus_${input.userId}` };
    },

    async attachCard(_customerRef, token): Promise<AttachOutcome> {
      gateway.calls.push({ method: 'attachCard' });
      if (token.startsWith('fail:')) return { ok: false, error: token.slice(5) as CardErrorCode };
      const [, last4 = '4242', mm = '12', yyyy = '2099'] = token.split(':');
      n += 1;
      return {
        ok: true,
        card: { ref: `card_${n}`, brand: 'visa', last4, exp_month: Number(mm), exp_year: Number(yyyy) },
      };
    },

    async detachCard() {
      gateway.calls.push({ method: 'detachCard' });
    },

    async charge(request) {
      gateway.calls.push({ method: 'charge', request });
      if (gate) {
        const current = gate;
        current.reached();
        await current.released;
      }
      const known = byKey.get(request.idempotencyKey);
      if (known) return known;
      n += 1;
      const ref = `ch_${n}`;
      let outcome: ChargeOutcome;
      if (gateway.failCharges) outcome = { status: 'failed', ref, error: gateway.failCharges };
      else if (gateway.challenge && request.offSession)
        outcome = { status: 'failed', ref, error: 'card_registration_failed' };
      else if (gateway.challenge) outcome = { status: 'requires_action', ref, challengeUrl: `https://3ds.test/${ref}` };
      else outcome = { status: 'succeeded', ref };
      if (outcome.status !== 'failed') gateway.charged.push(request);
      byKey.set(request.idempotencyKey, outcome);
      byRef.set(ref, outcome);
      return outcome;
    },

    async retrieveCharge(ref) {
      gateway.calls.push({ method: 'retrieveCharge' });
      const known = byRef.get(ref);
      if (!known) throw new Error(`no charge ${ref}`);
      return known;
    },

    async cancelCharge(ref) {
      gateway.calls.push({ method: 'cancelCharge' });
      const known = byRef.get(ref);
      if (!known) throw new Error(`no charge ${ref}`);
      if (known.status === 'succeeded') {
        if (!gateway.refunded.includes(ref)) gateway.refunded.push(ref);
        return { status: 'refunded', ref };
      }
      if (known.status === 'requires_action') {
        gateway.voided.push(ref);
        gateway.completeChallenge(ref, false);
      }
      return { status: 'voided', ref };
    },

    parseWebhook(rawBody, headers) {
      const signature = headers['x-scripted-signature'];
      if (typeof signature !== 'string' || signature !== sign(rawBody)) {
        throw new WebhookSignatureError('signature mismatch');
      }
      return JSON.parse(rawBody.toString('utf8')) as GatewayEvent;
    },

    completeChallenge(ref, ok) {
      // A voided challenge takes no answer any more, as the issuer's page is gone.
      if (ok && gateway.voided.includes(ref)) return;
      const outcome: ChargeOutcome = ok
        ? { status: 'succeeded', ref }
        : { status: 'failed', ref, error: 'card_invalid_input' };
      byRef.set(ref, outcome);
      for (const [key, value] of byKey) if (value.ref === ref) byKey.set(key, outcome);
    },

    hold() {
      let reached = () => {};
      let release = () => {};
      const reachedP = new Promise<void>((resolve) => {
        reached = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      gate = { reached, released };
      return {
        reached: reachedP,
        release: () => {
          gate = undefined;
          release();
        },
      };
    },

    webhook(event, options = {}) {
      const body = JSON.stringify(event);
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-scripted-signature': options.badSignature ? sign('other') : sign(body),
        },
      };
    },
  };
  return gateway;
}
