import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../src/platform/payments/gateway.ts';
import { createPayjpGateway } from '../../src/platform/payments/payjp-gateway.ts';
import {
  FAKE_PAYJP_PUBLIC_KEY,
  FAKE_PAYJP_SECRET_KEY,
  FAKE_PAYJP_WEBHOOK_TOKEN,
  type FakePayjp,
  startFakePayjp,
} from '../helpers/fake-payjp.ts';
import { chargeSavedCard, describeGatewayContract, type TestCard } from './gateway-contract.ts';

let fake: FakePayjp;
let gateway: PaymentGateway;

beforeAll(async () => {
  fake = await startFakePayjp();
  gateway = createPayjpGateway({
    secretKey: FAKE_PAYJP_SECRET_KEY,
    publicKey: FAKE_PAYJP_PUBLIC_KEY,
    webhookToken: FAKE_PAYJP_WEBHOOK_TOKEN,
    apiUrl: `${fake.url}/v1`,
  });
});
afterAll(() => fake.close());

const NUMBERS: Record<TestCard, string> = {
  succeeds: '4242424242424242',
  insufficient_balance: '4000000000009995',
  limit_exceeded: '4000000000006975',
  expired: '4000000000000069',
  invalid_input: '4000000000000127',
  charge_fails: '4000000000000341',
  challenge: '4000002760003184',
};

describeGatewayContract('payjp', () => ({
  gateway,
  token: (card) => fake.token(NUMBERS[card]),
  answerChallenge: async (url, authenticate) => fake.answerChallenge(url, authenticate),
  chargesUnderKey: async (key) => fake.chargesUnderKey(key),
  moneyKept: async (ref) => fake.moneyKept(ref),
  signedNotice: async (ref) => fake.signedEvent(ref),
  signatureHeader: 'x-payjp-webhook-token',
  declines: { insufficient_balance: 'card_declined', limit_exceeded: 'card_declined' },
  offSessionChallenge: 'succeeded',
  signsBody: false,
}));

describe('payjp adapter', () => {
  it("sends the payer to PAY.JP's 3-D Secure start page with the public key and the registered return name", async () => {
    const customer = await gateway.createCustomer({ userId: '5', email: 'p@d.test', name: 'P', idempotencyKey: 'c5' });
    const card = await gateway.attachCard(customer.ref, await fake.token(NUMBERS.succeeds));
    if (!card.ok) throw new Error(card.error);
    expect(card.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });
    const outcome = await gateway.charge({
      customerRef: customer.ref,
      cardRef: card.card.ref,
      amount: 1100,
      currency: 'jpy',
      idempotencyKey: 'tds-5',
      description: 'Plan',
      metadata: {},
      returnUrl: 'http://console.test/',
      offSession: false,
    });
    if (outcome.status !== 'requires_action') throw new Error(outcome.status);
    const url = new URL(outcome.challengeUrl);
    expect(url.pathname).toBe(`/v1/tds/${outcome.ref}/start`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ publickey: FAKE_PAYJP_PUBLIC_KEY, back: 'spinyard' });
    // Read before the payer answered: still waiting, and nothing is finished early.
    expect((await gateway.retrieveCharge(outcome.ref)).status).toBe('requires_action');
    expect(fake.executedUnderKey('c5')).toBe(1);
    await expect(
      gateway.charge({
        customerRef: customer.ref,
        cardRef: card.card.ref,
        amount: 10,
        currency: 'usd',
        idempotencyKey: 'usd-5',
        description: 'Plan',
        metadata: {},
        returnUrl: 'http://console.test/',
        offSession: true,
      }),
    ).rejects.toThrow(/yen only/);
  });

  it('refuses a notice with another token, and throws on a wrong secret key', async () => {
    const customer = await gateway.createCustomer({ userId: '6', email: 'q@d.test', name: 'Q', idempotencyKey: 'c6' });
    const paid = await chargeSavedCard(gateway, customer.ref, await fake.token(NUMBERS.succeeds), {
      amount: 1100,
      currency: 'jpy',
      idempotencyKey: 'notice-6',
    });
    const other = fake.signedEvent(paid.ref ?? '', 'whook_other_0123456789');
    expect(() => gateway.parseWebhook(other.rawBody, other.headers)).toThrow(/mismatch/);
    const wrong = createPayjpGateway({
      secretKey: 'sk_test_wrong',
      publicKey: FAKE_PAYJP_PUBLIC_KEY,
      webhookToken: FAKE_PAYJP_WEBHOOK_TOKEN,
      apiUrl: `${fake.url}/v1`,
    });
    await expect(
      wrong.createCustomer({ userId: '6', email: 'q@d.test', name: 'Q', idempotencyKey: 'c6w' }),
    ).rejects.toThrow();
  });
});
