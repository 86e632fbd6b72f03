import Stripe from 'stripe';
import {
  type CancelOutcome,
  type CardErrorCode,
  type ChargeOutcome,
  type GatewayEvent,
  type PaymentGateway,
  WebhookSignatureError,
} from './gateway.ts';

/**
 * Stripe (issue 19, point 3): customers, PaymentMethods the browser made with Stripe.js attached to them,
 * PaymentIntents confirmed at once (off_session for renewals), a 3-D Secure challenge as the `next_action`
 * redirect, our idempotency key sent as Stripe's Idempotency-Key, Stripe's declines as the catalogue's card
 * errors, and webhooks checked by `stripe.webhooks.constructEvent`. The client never retries by itself (house
 * rule): a charge whose answer was lost is read back by its key's owner, never sent twice blind.
 */

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API origin (a test's fake server); Stripe's own when absent. */
  apiUrl?: string | undefined;
}

/** Stripe's decline codes and error codes, as the catalogue's card errors (docs.stripe.com/declines/codes). */
const CODES: Readonly<Record<string, CardErrorCode>> = {
  insufficient_funds: 'card_insufficient_balance',
  card_velocity_exceeded: 'card_limit_exceeded',
  withdrawal_count_limit_exceeded: 'card_limit_exceeded',
  expired_card: 'card_expired',
  incorrect_number: 'card_invalid_input',
  invalid_number: 'card_invalid_input',
  incorrect_cvc: 'card_invalid_input',
  invalid_cvc: 'card_invalid_input',
  invalid_expiry_month: 'card_invalid_input',
  invalid_expiry_year: 'card_invalid_input',
  incorrect_zip: 'card_invalid_input',
  authentication_required: 'card_authentication_required',
  payment_intent_authentication_failure: 'card_declined',
};

/** The card error of a Stripe error: the decline code first (it says why), then the code; any other decline is generic. */
export function stripeCardError(code: string | undefined, declineCode: string | undefined, fallback: CardErrorCode) {
  return (declineCode && CODES[declineCode]) || (code && CODES[code]) || fallback;
}

function intentOutcome(intent: Stripe.PaymentIntent): ChargeOutcome {
  if (intent.status === 'succeeded') return { status: 'succeeded', ref: intent.id };
  const redirect = intent.next_action?.redirect_to_url?.url;
  if (intent.status === 'requires_action' && redirect) {
    return { status: 'requires_action', ref: intent.id, challengeUrl: redirect };
  }
  if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
    const last = intent.last_payment_error;
    return {
      status: 'failed',
      ref: intent.id,
      error: stripeCardError(last?.code, last?.decline_code, 'card_declined'),
      gatewayMessage: last?.message,
    };
  }
  // processing, requires_confirmation, requires_capture: never reached by a card confirmed at once without capture.
  throw new Error(`Stripe PaymentIntent ${intent.id} is ${intent.status}`);
}

const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;

function eventOf(event: Stripe.Event): GatewayEvent {
  const object = event.data.object as { id?: string; customer?: unknown; payment_intent?: unknown };
  const customer = typeof object.customer === 'string' ? object.customer : undefined;
  switch (event.type) {
    case 'payment_intent.succeeded':
      return {
        id: event.id,
        type: 'charge.succeeded',
        gatewayType: event.type,
        chargeRef: object.id,
        customerRef: customer,
      };
    case 'payment_intent.payment_failed': {
      const last = (event.data.object as Stripe.PaymentIntent).last_payment_error;
      return {
        id: event.id,
        type: 'charge.failed',
        gatewayType: event.type,
        chargeRef: object.id,
        customerRef: customer,
        error: stripeCardError(last?.code, last?.decline_code, 'card_declined'),
      };
    }
    case 'charge.refunded': {
      const intent = typeof object.payment_intent === 'string' ? object.payment_intent : undefined;
      return {
        id: event.id,
        type: 'charge.refunded',
        gatewayType: event.type,
        chargeRef: intent,
        customerRef: customer,
      };
    }
    default:
      return { id: event.id, type: 'other', gatewayType: event.type };
  }
}

export function createStripeGateway(settings: StripeSettings): PaymentGateway {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 0,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  /** The whole of a paid PaymentIntent refunded; one refunded already is as good. */
  const refund = async (ref: string, idempotencyKey: string): Promise<CancelOutcome> => {
    try {
      await stripe.refunds.create({ payment_intent: ref, reason: 'requested_by_customer' }, { idempotencyKey });
    } catch (error) {
      if (!isStripeError(error) || error.code !== 'charge_already_refunded') throw error;
    }
    return { status: 'refunded', ref };
  };

  return {
    name: 'stripe',
    browserConfig: () => ({ gateway: 'stripe', publishable_key: settings.publishableKey }),

    async createCustomer(input) {
      const customer = await stripe.customers.create(
        { email: input.email, name: input.name, metadata: { user_id: input.userId } },
        { idempotencyKey: input.idempotencyKey },
      );
      return { ref: customer.id };
    },

    async attachCard(customerRef, token) {
      try {
        const method = await stripe.paymentMethods.attach(token, { customer: customerRef });
        if (!method.card) return { ok: false, error: 'card_invalid_input', gatewayMessage: 'not a card' };
        const { brand, last4, exp_month, exp_year } = method.card;
        return { ok: true, card: { ref: method.id, brand, last4, exp_month, exp_year } };
      } catch (error) {
        if (!isStripeError(error)) throw error;
        if (error.type === 'StripeCardError') {
          return {
            ok: false,
            error: stripeCardError(error.code, error.decline_code, 'card_registration_failed'),
            gatewayMessage: error.message,
          };
        }
        // A PaymentMethod id that does not exist (or is not ours) is a wrong input from the browser.
        if (error.code === 'resource_missing')
          return { ok: false, error: 'card_invalid_input', gatewayMessage: error.message };
        throw error;
      }
    },

    async detachCard(_customerRef, cardRef) {
      await stripe.paymentMethods.detach(cardRef);
    },

    async charge(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency,
            customer: request.customerRef,
            payment_method: request.cardRef,
            allowed_payment_method_types: ['card'],
            confirm: true,
            description: request.description,
            metadata: request.metadata,
            ...(request.statementDescriptor ? { statement_descriptor_suffix: request.statementDescriptor } : {}),
            ...(request.offSession ? { off_session: true } : { return_url: request.returnUrl }),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return intentOutcome(intent);
      } catch (error) {
        if (!isStripeError(error)) throw error;
        if (error.type === 'StripeCardError') {
          return {
            status: 'failed',
            ref: error.payment_intent?.id ?? null,
            error: stripeCardError(error.code, error.decline_code, 'card_declined'),
            gatewayMessage: error.message,
          };
        }
        // The key was used for another request: what it names was paid (or tried) already.
        if (error.type === 'StripeIdempotencyError') {
          return { status: 'failed', ref: null, error: 'card_already_paid', gatewayMessage: error.message };
        }
        throw error;
      }
    },

    async retrieveCharge(ref) {
      return intentOutcome(await stripe.paymentIntents.retrieve(ref));
    },

    async cancelCharge(ref, idempotencyKey): Promise<CancelOutcome> {
      // Stripe cancels a PaymentIntent not yet paid and refunds a paid one; it refuses to cancel a paid one
      // (`payment_intent_unexpected_state`), which is how a payer answering between our read and the cancel shows.
      for (let read = 0; read < 2; read += 1) {
        const intent = await stripe.paymentIntents.retrieve(ref);
        if (intent.status === 'succeeded') return refund(ref, `${idempotencyKey}:refund`);
        if (intent.status === 'canceled') return { status: 'voided', ref };
        try {
          await stripe.paymentIntents.cancel(ref, { cancellation_reason: 'abandoned' }, { idempotencyKey });
          return { status: 'voided', ref };
        } catch (error) {
          if (!isStripeError(error) || error.code !== 'payment_intent_unexpected_state') throw error;
        }
      }
      throw new Error(`Stripe PaymentIntent ${ref} could be neither cancelled nor refunded`);
    },

    parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') throw new WebhookSignatureError('no Stripe-Signature');
      try {
        return eventOf(stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(error.message);
        }
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
