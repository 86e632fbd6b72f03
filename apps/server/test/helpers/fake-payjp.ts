import { randomBytes } from 'node:crypto';
import { type FakeAnswer, type Form, startFakeService } from './fake-service.ts';

/**
 * A local server speaking the part of PAY.JP's API the PAY.JP adapter uses (platform/payments/payjp-gateway.ts), as
 * PAY.JP answers it: basic auth with the secret key (the public key only makes tokens, as payjp.js does), form
 * bodies, Idempotency-Key replays (the stored answer for the key; PAY.JP documents no parameter check), the error
 * shape `{ error: { code, message, status, type } }`, a card check when a card is saved, 3-D Secure on a charge
 * (`three_d_secure=true`: status `unverified` until the payer answers at /v1/tds/{id}/start, then `tds_finish`),
 * and notices carrying the X-Payjp-Webhook-Token header.
 */

export const FAKE_PAYJP_SECRET_KEY = 'sk_test_fakepayjp0123';
export const FAKE_PAYJP_PUBLIC_KEY = 'pk_test_fakepayjp0123';
export const FAKE_PAYJP_WEBHOOK_TOKEN = 'whook_fake_0123456789';

type Behaviour = 'succeeds' | 'declined_at_charge' | 'expired' | 'invalid_cvc';

/** PAY.JP's test cards used here, with the outcome PAY.JP gives (pay.jp/docs/testcard): it never says why. */
const TEST_CARDS: Readonly<Record<string, Behaviour>> = {
  '4242424242424242': 'succeeds',
  '4000002760003184': 'succeeds',
  '4000000000009995': 'declined_at_charge',
  '4000000000006975': 'declined_at_charge',
  '4000000000000341': 'declined_at_charge',
  '4000000000000069': 'expired',
  '4000000000000127': 'invalid_cvc',
};

interface Card {
  id: string;
  object: 'card';
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  customer: string | null;
  behaviour: Behaviour;
}

interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  customer: string;
  card: Omit<Card, 'behaviour'>;
  paid: boolean;
  captured: boolean;
  failure_code: string | null;
  failure_message: string | null;
  three_d_secure_status: 'unverified' | 'verified' | 'failed' | null;
  metadata: Form;
  description: string | null;
  refunded: boolean;
  amount_refunded: number;
  refund_reason: string | null;
  livemode: false;
  created: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
const err = (status: number, type: string, code: string, message: string, extra: object = {}): FakeAnswer => ({
  status,
  body: { error: { code, message, status, type, ...extra } },
});

const shown = ({ behaviour: _, ...card }: Card) => card;

interface PayjpState {
  tokens: Map<string, { card: Omit<Card, 'id' | 'customer'>; used: boolean }>;
  customers: Set<string>;
  cards: Map<string, Card>;
  charges: Map<string, Charge>;
  chargesByKey: Map<string, number>;
}

function saveCard(state: PayjpState, customer: string, form: Form): FakeAnswer {
  const { customers, tokens, cards } = state;
  if (!customers.has(customer)) return err(404, 'client_error', 'invalid_id', `No such customer: ${customer}`);
  const token = tokens.get(String(form.card ?? ''));
  if (!token) return err(400, 'client_error', 'invalid_id', `No such token: ${String(form.card)}`, { param: 'card' });
  if (token.used) return err(400, 'client_error', 'token_already_used', 'Token has already been used.');
  token.used = true;
  if (token.card.behaviour === 'expired') return err(402, 'card_error', 'expired_card', 'Card expired.');
  if (token.card.behaviour === 'invalid_cvc') return err(402, 'card_error', 'invalid_cvc', 'Invalid CVC.');
  const card: Card = { ...token.card, id: id('car'), object: 'card', customer };
  cards.set(card.id, card);
  return { status: 200, body: shown(card) };
}

function createCharge(state: PayjpState, form: Form, key: string | undefined): FakeAnswer {
  const { cards, charges, chargesByKey } = state;
  const card = cards.get(String(form.card ?? ''));
  if (!card || card.customer !== form.customer)
    return err(400, 'client_error', 'invalid_id', 'No such card', { param: 'card' });
  if (form.currency !== 'jpy') return err(400, 'client_error', 'invalid_currency', 'Invalid currency.');
  const amount = Number(form.amount);
  if (!Number.isInteger(amount) || amount < 50) return err(400, 'client_error', 'invalid_amount', 'Invalid amount.');
  const charge: Charge = {
    id: id('ch'),
    object: 'charge',
    amount,
    currency: 'jpy',
    customer: card.customer,
    card: shown(card),
    paid: true,
    captured: true,
    failure_code: null,
    failure_message: null,
    three_d_secure_status: null,
    metadata: typeof form.metadata === 'object' ? form.metadata : {},
    description: typeof form.description === 'string' ? form.description : null,
    refunded: false,
    amount_refunded: 0,
    refund_reason: null,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
  };
  charges.set(charge.id, charge);
  if (key) chargesByKey.set(key, (chargesByKey.get(key) ?? 0) + 1);
  if (form.three_d_secure === 'true') {
    Object.assign(charge, { paid: false, captured: false, three_d_secure_status: 'unverified' });
    return { status: 200, body: charge };
  }
  if (card.behaviour === 'declined_at_charge') {
    Object.assign(charge, {
      paid: false,
      captured: false,
      failure_code: 'card_declined',
      failure_message: 'Card declined.',
    });
    return err(402, 'card_error', 'card_declined', 'Card declined.', { charge: charge.id });
  }
  return { status: 200, body: charge };
}

function finish(state: PayjpState, charge: Charge | undefined): FakeAnswer {
  if (!charge) return err(404, 'client_error', 'invalid_id', 'No such charge');
  if (charge.three_d_secure_status === 'unverified') {
    return err(400, 'client_error', 'three_d_secure_incompleted', '3-D Secure is not completed.');
  }
  if (charge.three_d_secure_status !== 'verified' || charge.captured) {
    return err(400, 'client_error', 'not_in_three_d_secure_flow', 'Not in 3-D Secure flow.');
  }
  const declined = state.cards.get(charge.card.id)?.behaviour === 'declined_at_charge';
  Object.assign(
    charge,
    declined ? { failure_code: 'card_declined', failure_message: 'Card declined.' } : { paid: true, captured: true },
  );
  return declined
    ? err(402, 'card_error', 'card_declined', 'Card declined.', { charge: charge.id })
    : { status: 200, body: charge };
}

/** POST /v1/charges/{id}: the description and metadata (keys merged, as PAY.JP merges them). */
function updateCharge(charge: Charge | undefined, form: Form): FakeAnswer {
  if (!charge) return err(404, 'client_error', 'invalid_id', 'No such charge');
  if (typeof form.metadata === 'object') charge.metadata = { ...charge.metadata, ...form.metadata };
  if (typeof form.description === 'string') charge.description = form.description;
  return { status: 200, body: charge };
}

/** POST /v1/charges/{id}/refund: the whole of a paid charge, once. */
function refundCharge(charge: Charge | undefined, form: Form): FakeAnswer {
  if (!charge) return err(404, 'client_error', 'invalid_id', 'No such charge');
  if (charge.refunded) return err(400, 'client_error', 'already_refunded', 'Charge has already been refunded.');
  if (!charge.paid) return err(400, 'client_error', 'invalid_id', 'Charge is not paid.');
  Object.assign(charge, {
    refunded: true,
    amount_refunded: charge.amount,
    refund_reason: typeof form.refund_reason === 'string' ? form.refund_reason : null,
  });
  return { status: 200, body: charge };
}

function makeToken(state: PayjpState, form: Form): FakeAnswer {
  const card = typeof form.card === 'object' ? form.card : {};
  const number = String(card.number ?? '');
  const behaviour = TEST_CARDS[number];
  if (!behaviour) return err(402, 'card_error', 'invalid_number', 'Invalid card number.');
  const token = id('tok');
  state.tokens.set(token, {
    card: {
      object: 'card',
      brand: 'Visa',
      last4: number.slice(-4),
      exp_month: Number(card.exp_month),
      exp_year: Number(card.exp_year),
      behaviour,
    },
    used: false,
  });
  return { status: 200, body: { id: token, object: 'token', used: false, livemode: false } };
}

export async function startFakePayjp() {
  const state: PayjpState = {
    tokens: new Map(),
    customers: new Set(),
    cards: new Map(),
    charges: new Map(),
    chargesByKey: new Map(),
  };
  const { customers, cards, charges, chargesByKey } = state;

  const service = await startFakeService({
    authorize: (headers) =>
      headers.authorization === basic(FAKE_PAYJP_SECRET_KEY) || headers.authorization === basic(FAKE_PAYJP_PUBLIC_KEY)
        ? null
        : err(401, 'auth_error', 'invalid_api_key', 'Invalid API Key'),
    conflict: null,
    handle({ method, path, form, headers }) {
      const parts = path.split('/').filter(Boolean);
      const publicKey = headers.authorization === basic(FAKE_PAYJP_PUBLIC_KEY);
      if (method === 'POST' && path === '/v1/tokens') return makeToken(state, form);
      if (publicKey) return err(401, 'auth_error', 'invalid_api_key', 'The public key only makes tokens.');
      if (method === 'POST' && path === '/v1/customers') {
        const customer = id('cus');
        customers.add(customer);
        return { status: 200, body: { id: customer, object: 'customer', email: form.email ?? null, livemode: false } };
      }
      if (method === 'POST' && parts[1] === 'customers' && parts[3] === 'cards' && parts.length === 4) {
        return saveCard(state, parts[2] ?? '', form);
      }
      if (method === 'DELETE' && parts[1] === 'customers' && parts[3] === 'cards') {
        const card = cards.get(parts[4] ?? '');
        if (!card || card.customer !== parts[2]) return err(404, 'client_error', 'invalid_id', 'No such card');
        card.customer = null;
        return { status: 200, body: { deleted: true, id: card.id, livemode: false } };
      }
      if (method === 'POST' && path === '/v1/charges') {
        const key = headers['idempotency-key'];
        return createCharge(state, form, typeof key === 'string' ? key : undefined);
      }
      if (method === 'POST' && parts[1] === 'charges' && parts[3] === 'tds_finish')
        return finish(state, charges.get(parts[2] ?? ''));
      if (method === 'POST' && parts[1] === 'charges' && parts[3] === 'refund')
        return refundCharge(charges.get(parts[2] ?? ''), form);
      if (method === 'POST' && parts[1] === 'charges' && parts.length === 3)
        return updateCharge(charges.get(parts[2] ?? ''), form);
      if (method === 'GET' && parts[1] === 'charges' && parts.length === 3) {
        const charge = charges.get(parts[2] ?? '');
        return charge ? { status: 200, body: charge } : err(404, 'client_error', 'invalid_id', 'No such charge');
      }
      return err(404, 'client_error', 'not_found', `Unrecognized request URL (${method}: ${path}).`);
    },
  });

  return {
    ...service,
    /** Whether PAY.JP holds money for a charge: paid, captured and not refunded. */
    moneyKept: (ref: string) => {
      const charge = charges.get(ref);
      return charge?.paid === true && charge.captured && !charge.refunded;
    },
    /** Charges made under an idempotency key (a replay makes none). */
    chargesUnderKey: (key: string) => chargesByKey.get(key) ?? 0,
    /** What payjp.js does in the browser: a token for a card number, made with the public key. */
    async token(number: string): Promise<string> {
      const answer = await fetch(`${service.url}/v1/tokens`, {
        method: 'POST',
        headers: { authorization: basic(FAKE_PAYJP_PUBLIC_KEY), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          'card[number]': number,
          'card[exp_month]': '12',
          'card[exp_year]': '2034',
          'card[cvc]': '123',
        }),
      });
      const body = (await answer.json()) as { id?: string };
      if (!body.id) throw new Error(`fake PAY.JP refused the test card ${number}`);
      return body.id;
    },
    /** The payer's answer on the issuer's page that /v1/tds/{charge}/start leads to. */
    answerChallenge(url: string, authenticate: boolean): void {
      const charge = charges.get(new URL(url).pathname.split('/')[3] ?? '');
      if (charge?.three_d_secure_status !== 'unverified') throw new Error(`fake PAY.JP: no challenge at ${url}`);
      charge.three_d_secure_status = authenticate ? 'verified' : 'failed';
    },
    /** A notice about a charge as PAY.JP sends it, with the webhook token of the account's setting. */
    signedEvent(chargeId: string, token = FAKE_PAYJP_WEBHOOK_TOKEN) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`fake PAY.JP: no charge ${chargeId}`);
      const type = charge.paid ? 'charge.succeeded' : 'charge.failed';
      const event = {
        id: id('evnt'),
        object: 'event',
        type,
        data: charge,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      return { rawBody: Buffer.from(JSON.stringify(event)), headers: { 'x-payjp-webhook-token': token } };
    },
  };
}

export type FakePayjp = Awaited<ReturnType<typeof startFakePayjp>>;
