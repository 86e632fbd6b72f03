import { LOCAL_TEST_CARDS, tokeniseLocalCard } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { controlledClock } from '../../src/platform/clock/clock.ts';
import {
  createLocalGateway,
  LOCAL_SIGNATURE_HEADER,
  type LocalGateway,
} from '../../src/platform/payments/local-gateway.ts';
import { useTestApp } from '../helpers/app.ts';
import { chargeSavedCard, describeGatewayContract, type TestCard } from './gateway-contract.ts';

const t = useTestApp();
const clock = controlledClock('2026-11-30T03:00:00Z');
let gateway: LocalGateway;

beforeAll(async () => {
  // A gateway of its own over the app's database: the app's default one serves the challenge page, this one
  // charges, so every test also shows that the state lives in PostgreSQL and not in one instance's memory.
  gateway = await createLocalGateway({ db: t.db, clock, publicUrl: 'http://console.test' });
});

function token(card: TestCard | string): string {
  const number = LOCAL_TEST_CARDS.find((c) => c.behaviour === card)?.number ?? card;
  const made = tokeniseLocalCard({ number, exp_month: 12, exp_year: 2030, cvc: '123' }, clock.now());
  if (!made.ok) throw new Error(`test card refused: ${JSON.stringify(made.errors)}`);
  return made.token;
}

async function answerChallenge(challengeUrl: string, authenticate: boolean): Promise<void> {
  const url = new URL(challengeUrl);
  const answer = await t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${authenticate ? 'authenticate' : 'fail'}`,
  });
  expect(answer.statusCode).toBe(303);
  expect(answer.headers.location).toBe('http://console.test/settlements/subscription');
}

describeGatewayContract('local', () => ({
  gateway,
  token,
  answerChallenge,
  chargesUnderKey: async (key) =>
    Number(
      (
        await t.db
          .selectFrom('local_gateway_charges')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('idempotency_key', '=', key)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  moneyKept: async (ref) =>
    (await t.db.selectFrom('local_gateway_charges').select('status').where('ref', '=', ref).executeTakeFirst())
      ?.status === 'succeeded',
  signedNotice: (ref) => gateway.signedNotice(ref),
  signatureHeader: LOCAL_SIGNATURE_HEADER,
}));

async function challengedCharge(): Promise<{ ref: string; url: string }> {
  const customer = await gateway.createCustomer({ userId: '1', email: 'a@b.test', name: 'A', idempotencyKey: 'c-3ds' });
  const outcome = await chargeSavedCard(gateway, customer.ref, token('challenge'), {
    amount: 1100,
    currency: 'jpy',
    idempotencyKey: `page-${Math.random()}`,
    description: 'Standard',
    returnUrl: 'http://console.test/user/payment?paid=1',
    offSession: false,
  });
  if (outcome.status !== 'requires_action') throw new Error(outcome.status);
  return { ref: outcome.ref, url: new URL(outcome.challengeUrl).pathname };
}

describe('local gateway', () => {
  it('keeps its customers, cards, charges and notice secret across a restart', async () => {
    const customer = await gateway.createCustomer({ userId: '2', email: 'r@b.test', name: 'R', idempotencyKey: 'c-r' });
    // The same key gives the same customer: a retried sign-up makes no second one.
    expect(
      (await gateway.createCustomer({ userId: '2', email: 'r@b.test', name: 'R', idempotencyKey: 'c-r' })).ref,
    ).toBe(customer.ref);
    const charged = await chargeSavedCard(gateway, customer.ref, token('succeeds'), {
      amount: 500,
      currency: 'usd',
      idempotencyKey: 'restart-1',
    });
    const restarted = await createLocalGateway({ db: t.db, clock, publicUrl: 'http://console.test' });
    expect(await restarted.retrieveCharge(charged.ref ?? '')).toEqual({ status: 'succeeded', ref: charged.ref });
    const notice = await gateway.signedNotice(charged.ref ?? '');
    expect(restarted.parseWebhook(notice.rawBody, notice.headers).id).toBe(`evt_${charged.ref}_succeeded`);
  });

  it('uses a token once, refuses a detached card, and ages cards with the billing calendar', async () => {
    const customer = await gateway.createCustomer({ userId: '3', email: 'x@b.test', name: 'X', idempotencyKey: 'c-x' });
    const once = token('succeeds');
    const saved = await gateway.attachCard(customer.ref, once);
    expect(await gateway.attachCard(customer.ref, once)).toMatchObject({ ok: false, error: 'card_invalid_input' });
    if (!saved.ok) throw new Error(saved.error);
    const charge = (key: string) =>
      gateway.charge({
        customerRef: customer.ref,
        cardRef: saved.card.ref,
        amount: 1100,
        currency: 'jpy',
        idempotencyKey: key,
        description: 'Plan',
        metadata: {},
        returnUrl: 'http://console.test/',
        offSession: true,
      });
    const later = controlledClock('2031-01-01T00:00:00Z');
    const aged = await createLocalGateway({ db: t.db, clock: later });
    expect(
      await aged.charge({ ...(await chargeRequestOf(customer.ref, saved.card.ref)), idempotencyKey: 'aged' }),
    ).toMatchObject({ status: 'failed', error: 'card_expired' });
    await gateway.detachCard(customer.ref, saved.card.ref);
    expect(await charge('after-detach')).toMatchObject({ status: 'failed', error: 'card_invalid_input' });
  });

  it("serves the test issuer's page in the payer's language, answered once", async () => {
    const { url } = await challengedCharge();
    const ja = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'ja' } });
    expect(ja.statusCode).toBe(200);
    expect(ja.headers['content-type']).toContain('text/html');
    expect(ja.body).toContain('lang="ja"');
    expect(ja.body).toContain('テスト用カード発行会社');
    expect(ja.body).toMatch(/[¥￥]1,100/);
    expect(ja.body).toMatch(/<button type="submit" name="outcome" value="authenticate" autofocus>認証する<\/button>/);
    const fr = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(fr.body).toContain('Émetteur de cartes de test');
    const pt = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'pt-BR' } });
    expect(pt.body).toContain('Autenticar');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const fail = await t.app.inject({ method: 'POST', url, headers: form, payload: 'outcome=fail' });
    expect(fail.headers.location).toBe('http://console.test/user/payment?paid=1');
    // A second answer (another tab) keeps the first.
    await t.app.inject({ method: 'POST', url, headers: form, payload: 'outcome=authenticate' });
    const ref = url.split('/').at(-1) ?? '';
    expect(await gateway.retrieveCharge(ref)).toMatchObject({ status: 'failed', error: 'card_declined' });
    const again = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('already been answered');
  });

  it('answers an unknown challenge or a bad answer without a 500', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/local-gateway/3ds/lch_000000000000000000000000' });
    expect(unknown.statusCode).toBe(404);
    const junk = await t.app.inject({ method: 'GET', url: '/local-gateway/3ds/%3Cscript%3E' });
    expect(junk.statusCode).toBe(404);
    expect(junk.body).not.toContain('<script>');
    const { url } = await challengedCharge();
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=maybe',
    });
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toBe(url);
    const json = await t.app.inject({ method: 'POST', url, payload: { outcome: 'authenticate' } });
    expect(json.statusCode).toBe(303);
  });
});

async function chargeRequestOf(customerRef: string, cardRef: string) {
  return {
    customerRef,
    cardRef,
    amount: 1100,
    currency: 'jpy' as const,
    idempotencyKey: 'unused',
    description: 'Plan',
    metadata: {},
    returnUrl: 'http://console.test/',
    offSession: true,
  };
}
