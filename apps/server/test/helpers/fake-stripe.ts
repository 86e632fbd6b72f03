import { createHmac, randomBytes } from 'node:crypto';
import { type FakeAnswer, type Form, startFakeService } from './fake-service.ts';

/**
 * A local server speaking the part of Stripe's API the Stripe adapter uses (platform/payments/stripe-gateway.ts),
 * as Stripe answers it: Bearer secret key, form bodies with nested keys, Idempotency-Key replays (same key and
 * body: the stored answer; same key, other body: 400 `idempotency_error`), the error shape
 * `{ error: { type, code, decline_code, message, param, payment_intent } }`, the test PaymentMethods
 * (`pm_card_visa`, `pm_card_chargeDeclinedInsufficientFunds`, `pm_card_authenticationRequired`, ...), which attach
 * as a fresh `pm_...` copy, and webhooks signed `Stripe-Signature: t=...,v1=...`.
 */

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_0123456789';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_0123456789abcdef';

interface TestMethod {
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  /** A card check at attach declines it with this code (and decline code). */
  attachDecline?: { code: string; decline_code?: string; message: string };
  /** A charge declines with this code. */
  chargeDecline?: { code: string; decline_code?: string; message: string };
  challenge?: boolean;
}

const visa = (last4: string) => ({ brand: 'visa', last4, exp_month: 12, exp_year: 2034 });
const DECLINED = 'Your card was declined.';

/** Stripe's test PaymentMethods (docs.stripe.com/testing), with the outcomes Stripe documents for them. */
export const STRIPE_TEST_METHODS: Readonly<Record<string, TestMethod>> = {
  pm_card_visa: { card: visa('4242') },
  pm_card_mastercard: { card: { ...visa('4444'), brand: 'mastercard' } },
  pm_card_jcb: { card: { ...visa('0505'), brand: 'jcb' } },
  pm_card_chargeDeclinedInsufficientFunds: {
    card: visa('9995'),
    attachDecline: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  pm_card_chargeDeclinedVelocityLimitExceeded: {
    card: visa('6975'),
    attachDecline: { code: 'card_declined', decline_code: 'card_velocity_exceeded', message: DECLINED },
  },
  pm_card_chargeDeclinedExpiredCard: {
    card: visa('0069'),
    attachDecline: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    card: visa('0127'),
    attachDecline: {
      code: 'incorrect_cvc',
      decline_code: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    },
  },
  pm_card_chargeCustomerFail: {
    card: visa('0341'),
    chargeDecline: { code: 'card_declined', decline_code: 'generic_decline', message: DECLINED },
  },
  pm_card_authenticationRequired: { card: visa('3184'), challenge: true },
};

interface Method extends TestMethod {
  id: string;
  customer: string | null;
}

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string;
  payment_method: string;
  status: 'succeeded' | 'requires_action' | 'requires_payment_method' | 'canceled';
  cancellation_reason: string | null;
  /** The sum refunded so far (Stripe keeps it on the intent's charge; one number is enough here). */
  amount_refunded: number;
  description: string | null;
  metadata: Record<string, string>;
  latest_charge: string | null;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } } | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  livemode: false;
  created: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const err = (status: number, error: Record<string, unknown>): FakeAnswer => ({ status, body: { error } });
const missing = (what: string, ref: string, param: string) =>
  err(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${ref}'`, param });

const cardError = (decline: NonNullable<TestMethod['chargeDecline']>, intent?: Intent): FakeAnswer =>
  err(402, { type: 'card_error', ...decline, ...(intent ? { payment_intent: intent } : {}) });

interface StripeState {
  customers: Map<string, { id: string; email: string; name: string }>;
  methods: Map<string, Method>;
  intents: Map<string, Intent>;
  intentsByKey: Map<string, number>;
  url: string;
}

function createIntent(state: StripeState, form: Form, key: string | undefined): FakeAnswer {
  const { methods, intents, intentsByKey } = state;
  const method = methods.get(String(form.payment_method ?? ''));
  const customer = String(form.customer ?? '');
  if (!method || method.customer !== customer) {
    return missing('PaymentMethod', String(form.payment_method ?? ''), 'payment_method');
  }
  const amount = Number(form.amount);
  if (!Number.isInteger(amount) || amount < 1) {
    return err(400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      param: 'amount',
      message: 'Invalid integer',
    });
  }
  if (form.confirm !== 'true') {
    return err(400, { type: 'invalid_request_error', message: 'The fake confirms at once only', param: 'confirm' });
  }
  const offSession = form.off_session === 'true';
  if (!offSession && typeof form.return_url !== 'string') {
    return err(400, {
      type: 'invalid_request_error',
      message: 'return_url is required when confirm=true',
      param: 'return_url',
    });
  }
  const intent: Intent = {
    id: id('pi'),
    object: 'payment_intent',
    amount,
    currency: String(form.currency),
    customer,
    payment_method: method.id,
    status: 'succeeded',
    description: typeof form.description === 'string' ? form.description : null,
    metadata: (typeof form.metadata === 'object' ? form.metadata : {}) as Record<string, string>,
    latest_charge: null,
    next_action: null,
    last_payment_error: null,
    cancellation_reason: null,
    amount_refunded: 0,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
  };
  intents.set(intent.id, intent);
  if (key) intentsByKey.set(key, (intentsByKey.get(key) ?? 0) + 1);
  if (method.chargeDecline) {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', ...method.chargeDecline };
    return cardError(method.chargeDecline, intent);
  }
  if (method.challenge && offSession) {
    const decline = {
      code: 'authentication_required',
      decline_code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    };
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', ...decline };
    return cardError(decline, intent);
  }
  if (method.challenge) {
    intent.status = 'requires_action';
    intent.next_action = {
      type: 'redirect_to_url',
      redirect_to_url: { url: `${state.url}/fake-3ds/${intent.id}`, return_url: String(form.return_url) },
    };
    return { status: 200, body: intent };
  }
  intent.latest_charge = id('ch');
  return { status: 200, body: intent };
}

/** POST /v1/payment_intents/{id}/cancel: any status but succeeded and canceled (Stripe's own rule). */
function cancelIntent(intent: Intent | undefined, ref: string, form: Form): FakeAnswer {
  if (!intent) return missing('payment_intent', ref, 'intent');
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    return err(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      payment_intent: intent,
    });
  }
  intent.status = 'canceled';
  intent.next_action = null;
  intent.cancellation_reason = typeof form.cancellation_reason === 'string' ? form.cancellation_reason : null;
  return { status: 200, body: intent };
}

/** POST /v1/refunds with `payment_intent`: the whole paid sum, once. */
function refundIntent(intent: Intent | undefined, form: Form): FakeAnswer {
  const ref = String(form.payment_intent ?? '');
  if (!intent) return missing('payment_intent', ref, 'payment_intent');
  if (intent.status !== 'succeeded') {
    return err(400, {
      type: 'invalid_request_error',
      code: 'charge_not_refundable',
      message: `This PaymentIntent (${ref}) does not have a successful charge to refund.`,
    });
  }
  if (intent.amount_refunded >= intent.amount) {
    return err(400, {
      type: 'invalid_request_error',
      code: 'charge_already_refunded',
      message: `Charge ${intent.latest_charge} has already been refunded.`,
    });
  }
  intent.amount_refunded = intent.amount;
  return {
    status: 200,
    body: {
      id: id('re'),
      object: 'refund',
      amount: intent.amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      reason: typeof form.reason === 'string' ? form.reason : null,
      status: 'succeeded',
    },
  };
}

export async function startFakeStripe() {
  const state: StripeState = {
    customers: new Map(),
    methods: new Map(),
    intents: new Map(),
    intentsByKey: new Map(),
    url: '',
  };
  const { customers, methods, intents, intentsByKey } = state;

  const methodAnswer = (m: Method) => ({
    id: m.id,
    object: 'payment_method',
    type: 'card',
    customer: m.customer,
    card: { ...m.card, country: 'US', funding: 'credit' },
    livemode: false,
  });

  const attach = (ref: string, form: Form): FakeAnswer => {
    const customer = typeof form.customer === 'string' ? form.customer : '';
    if (!customers.has(customer)) return missing('customer', customer, 'customer');
    const test = STRIPE_TEST_METHODS[ref];
    const existing = methods.get(ref);
    if (!test && !existing) return missing('PaymentMethod', ref, 'payment_method');
    if (test?.attachDecline) return cardError(test.attachDecline);
    // A test PaymentMethod attaches as a copy of its own, as Stripe makes one per use.
    const method: Method = existing ?? { ...(test as TestMethod), id: id('pm'), customer: null };
    method.customer = customer;
    methods.set(method.id, method);
    return { status: 200, body: methodAnswer(method) };
  };

  const service = await startFakeService({
    authorize: (headers) =>
      headers.authorization === `Bearer ${FAKE_STRIPE_SECRET_KEY}`
        ? null
        : err(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' }),
    conflict: err(400, {
      type: 'idempotency_error',
      message:
        'Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than the one used with the original request.',
    }),
    handle({ method, path, form, headers }) {
      const parts = path.split('/').filter(Boolean);
      if (method === 'POST' && path === '/v1/customers') {
        const customer = { id: id('cus'), email: String(form.email ?? ''), name: String(form.name ?? '') };
        customers.set(customer.id, customer);
        return {
          status: 200,
          body: { ...customer, object: 'customer', metadata: form.metadata ?? {}, livemode: false },
        };
      }
      if (method === 'POST' && parts[1] === 'payment_methods' && parts[3] === 'attach')
        return attach(parts[2] ?? '', form);
      if (method === 'POST' && parts[1] === 'payment_methods' && parts[3] === 'detach') {
        const found = methods.get(parts[2] ?? '');
        if (!found) return missing('PaymentMethod', parts[2] ?? '', 'payment_method');
        found.customer = null;
        return { status: 200, body: methodAnswer(found) };
      }
      if (method === 'POST' && path === '/v1/payment_intents') {
        const key = headers['idempotency-key'];
        return createIntent(state, form, typeof key === 'string' ? key : undefined);
      }
      if (method === 'POST' && parts[1] === 'payment_intents' && parts[3] === 'cancel')
        return cancelIntent(intents.get(parts[2] ?? ''), parts[2] ?? '', form);
      if (method === 'POST' && path === '/v1/refunds')
        return refundIntent(intents.get(String(form.payment_intent ?? '')), form);
      if (method === 'GET' && parts[1] === 'payment_intents' && parts.length === 3) {
        const intent = intents.get(parts[2] ?? '');
        return intent ? { status: 200, body: intent } : missing('payment_intent', parts[2] ?? '', 'intent');
      }
      return err(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    },
  });
  state.url = service.url;

  return {
    ...service,
    /** Whether Stripe holds money for a PaymentIntent: paid and not refunded. */
    moneyKept: (ref: string) => {
      const intent = intents.get(ref);
      return intent?.status === 'succeeded' && intent.amount_refunded < intent.amount;
    },
    /** PaymentIntents made under an idempotency key (a replay makes none). */
    intentsUnderKey: (key: string) => intentsByKey.get(key) ?? 0,
    /** The payer's answer on the issuer's test page that `next_action.redirect_to_url.url` leads to. */
    answerChallenge(challengeUrl: string, authenticate: boolean): void {
      const intent = intents.get(challengeUrl.split('/').at(-1) ?? '');
      if (intent?.status !== 'requires_action') throw new Error(`fake Stripe: no challenge at ${challengeUrl}`);
      intent.next_action = null;
      if (authenticate) {
        intent.status = 'succeeded';
        intent.latest_charge = id('ch');
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: 'The provided PaymentMethod has failed authentication.',
        };
      }
    },
    /** An event about a PaymentIntent as Stripe sends it, signed with the endpoint's secret. */
    signedEvent(intentId: string, secret = FAKE_STRIPE_WEBHOOK_SECRET) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`fake Stripe: no PaymentIntent ${intentId}`);
      const type = intent.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed';
      const created = Math.floor(Date.now() / 1000);
      const event = {
        id: id('evt'),
        object: 'event',
        api_version: '2025-11-17.clover',
        created,
        type,
        data: { object: intent },
        livemode: false,
      };
      const rawBody = Buffer.from(JSON.stringify(event));
      const signature = createHmac('sha256', secret)
        .update(`${created}.${rawBody.toString('utf8')}`)
        .digest('hex');
      return { rawBody, headers: { 'stripe-signature': `t=${created},v1=${signature}` } };
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
