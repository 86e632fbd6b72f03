import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../src/platform/payments/gateway.ts';
import { createStripeGateway } from '../../src/platform/payments/stripe-gateway.ts';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  type FakeStripe,
  startFakeStripe,
} from '../helpers/fake-stripe.ts';
import { chargeSavedCard, describeGatewayContract, type TestCard } from './gateway-contract.ts';

let fake: FakeStripe;
let gateway: PaymentGateway;

beforeAll(async () => {
  fake = await startFakeStripe();
  gateway = createStripeGateway({
    secretKey: FAKE_STRIPE_SECRET_KEY,
    publishableKey: 'pk_test_fake',
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    apiUrl: fake.url,
  });
});
afterAll(() => fake.close());

/** Stripe.js makes a PaymentMethod in the browser; its test ones stand for each outcome. */
const METHODS: Record<TestCard, string> = {
  succeeds: 'pm_card_visa',
  insufficient_balance: 'pm_card_chargeDeclinedInsufficientFunds',
  limit_exceeded: 'pm_card_chargeDeclinedVelocityLimitExceeded',
  expired: 'pm_card_chargeDeclinedExpiredCard',
  invalid_input: 'pm_card_chargeDeclinedIncorrectCvc',
  charge_fails: 'pm_card_chargeCustomerFail',
  challenge: 'pm_card_authenticationRequired',
};

describeGatewayContract('stripe', () => ({
  gateway,
  token: (card) => METHODS[card],
  answerChallenge: async (url, authenticate) => fake.answerChallenge(url, authenticate),
  chargesUnderKey: async (key) => fake.intentsUnderKey(key),
  moneyKept: async (ref) => fake.moneyKept(ref),
  signedNotice: async (ref) => fake.signedEvent(ref),
  signatureHeader: 'stripe-signature',
}));

describe('stripe adapter', () => {
  it('sends our key as Idempotency-Key: a customer made twice under one key is one customer', async () => {
    const input = { userId: '7', email: 'k@dealer.test', name: 'K', idempotencyKey: 'customer-7' };
    const [a, b] = [await gateway.createCustomer(input), await gateway.createCustomer(input)];
    expect(a.ref).toBe(b.ref);
    expect(fake.executedUnderKey('customer-7')).toBe(1);
  });

  it('refuses a notice signed with another secret, or too old', async () => {
    const customer = await gateway.createCustomer({ userId: '8', email: 'n@d.test', name: 'N', idempotencyKey: 'c8' });
    const paid = await chargeSavedCard(gateway, customer.ref, 'pm_card_visa', {
      amount: 1000,
      currency: 'usd',
      idempotencyKey: 'notice-8',
    });
    const foreign = fake.signedEvent(paid.ref ?? '', 'whsec_someone_else');
    expect(() => gateway.parseWebhook(foreign.rawBody, foreign.headers)).toThrow(/signature/);
    const good = fake.signedEvent(paid.ref ?? '');
    const old = good.headers['stripe-signature'].replace(/t=(\d+)/, (_, t) => `t=${Number(t) - 3600}`);
    expect(() => gateway.parseWebhook(good.rawBody, { 'stripe-signature': old })).toThrow(/signature/);
  });

  it('throws on a wrong secret key rather than calling it a card error', async () => {
    const wrong = createStripeGateway({
      secretKey: 'sk_test_wrong',
      publishableKey: 'pk_test_fake',
      webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      apiUrl: fake.url,
    });
    await expect(
      wrong.createCustomer({ userId: '9', email: 'w@d.test', name: 'W', idempotencyKey: 'c9' }),
    ).rejects.toThrow(/API Key/);
    expect(wrong.browserConfig()).toEqual({ gateway: 'stripe', publishable_key: 'pk_test_fake' });
  });
});
