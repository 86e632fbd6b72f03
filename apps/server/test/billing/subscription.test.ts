import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { controlledClock } from '../../src/platform/clock/clock.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { billingFactory } from '../helpers/factory-billing.ts';
import { call } from '../helpers/http.ts';
import { scriptedGateway } from '../helpers/scripted-gateway.ts';

const gateway = scriptedGateway();
const clock = controlledClock('2026-03-01T00:00:00Z');
const t = useTestApp({ payments: gateway, clock });
let b: ReturnType<typeof billingFactory>;

beforeAll(async () => {
  b = billingFactory(t.db);
  await b.plan({ id: 'basic', amount: 3000, vehicle_limit: 10 });
  await b.plan({ id: 'pro', amount: 9000, vehicle_limit: 50 });
  await b.plan({ id: 'closed', amount: 100, enabled: false });
});

const dealer = () => t.make.signedIn({ privilege_type: 'admin', is_pay_by_credit: true });
const subscribe = (u: SignedInUser, plan_id: string, request_id: string = randomUUID()) =>
  call(t.app, u.token, 'POST', '/v1/subscription', { plan_id, request_id });
/** A start whose payment asks for a 3-D Secure challenge: the answer and the gateway's charge reference. */
async function challengedStart(u: SignedInUser) {
  gateway.challenge = true;
  const res = await subscribe(u, 'basic').finally(() => {
    gateway.challenge = false;
  });
  return { res, ref: (res.json().payment.challenge_url as string).split('/').at(-1) ?? '' };
}
const addCard = (u: SignedInUser, token = 'card:4242:12:2099') =>
  call(t.app, u.token, 'POST', '/v1/credit-cards', { token });

describe('cards', () => {
  it('answers each card error of the catalogue with its code and saves nothing', async () => {
    const u = await dealer();
    for (const code of ['card_insufficient_balance', 'card_limit_exceeded', 'card_expired', 'card_invalid_input']) {
      const res = await addCard(u, `fail:${code}`);
      expect(res.statusCode, code).toBe(402);
      expect(res.json().error.code).toBe(code);
    }
    expect((await call(t.app, u.token, 'GET', '/v1/credit-cards')).json().cards).toEqual([]);
  });

  it('makes the newest card the default, on one customer made once', async () => {
    const u = await dealer();
    const first = await addCard(u, 'card:1111:01:2030');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ last4: '1111', is_default: true });
    await addCard(u, 'card:2222:02:2031');
    const list = (await call(t.app, u.token, 'GET', '/v1/credit-cards')).json().cards;
    expect(list.map((c: { last4: string; is_default: boolean }) => [c.last4, c.is_default])).toEqual([
      ['2222', true],
      ['1111', false],
    ]);
    const customers = await t.db.selectFrom('payment_customers').selectAll().where('user_id', '=', u.id).execute();
    expect(customers).toHaveLength(1);
  });

  it('gives the browser the gateway without signing in; refuses the card routes to others than card admins', async () => {
    expect((await call(t.app, undefined, 'GET', '/v1/card-token')).json()).toEqual({
      gateway: 'local',
      publishable_key: null,
    });
    const normal = await t.make.signedIn({ privilege_type: 'normal', is_pay_by_credit: true });
    const notByCard = await t.make.signedIn({ privilege_type: 'admin' });
    expect((await addCard(normal)).statusCode).toBe(403);
    expect((await addCard(notByCard)).statusCode).toBe(403);
    expect((await subscribe(notByCard, 'basic')).statusCode).toBe(403);
    // The usage quota is every card payer's but super's and master's.
    expect((await call(t.app, normal.token, 'GET', '/v1/usage-quota')).statusCode).toBe(200);
    expect((await call(t.app, notByCard.token, 'GET', '/v1/usage-quota')).statusCode).toBe(403);
  });
});

describe('subscription', () => {
  it('starts with the first period charged with 10 % tax, once per request id, and sets the vehicle limit', async () => {
    const u = await dealer();
    const noCard = await subscribe(u, 'basic');
    expect(noCard.statusCode).toBe(402);
    expect(noCard.json().error.code).toBe('payment_required');
    await addCard(u);
    const before = gateway.charged.length;
    const request = randomUUID();
    const [one, two] = await Promise.all([subscribe(u, 'basic', request), subscribe(u, 'basic', request)]);
    expect(one.statusCode).toBe(200);
    expect(two.json()).toEqual(one.json());
    expect(one.json()).toMatchObject({
      status: 'active',
      plan: { id: 'basic' },
      total_without_tax: 3000,
      tax: 300,
      total_with_tax: 3300,
      next_billing_at: '2026-04-01T00:00:00.000Z',
      vehicle_limit: 10,
      payment: { state: 'paid', open_amount: 0 },
    });
    expect(gateway.charged.length - before).toBe(1);
    expect(await b.chargesOf(u.id)).toHaveLength(1);
    expect((await b.userRow(u.id)).car_limit).toBe(10);
    const quota = (await call(t.app, u.token, 'GET', '/v1/usage-quota')).json();
    expect(quota).toEqual({ plan_id: 'basic', vehicles_used: 0, vehicle_limit: 10 });
  });

  it('refuses a plan that is not offered, and a body without a request id, naming the field (422)', async () => {
    const u = await dealer();
    await addCard(u);
    for (const plan of ['closed', 'nosuch']) {
      const res = await subscribe(u, plan);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields[0]).toMatchObject({ field: 'plan_id' });
    }
    const bad = await call(t.app, u.token, 'POST', '/v1/subscription', { plan_id: 'basic' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toBe('request_id');
    const symbols = await subscribe(u, 'ba$ic');
    expect(symbols.statusCode).toBe(422);
  });

  it('upgrades at once with proration and downgrades from the period end, at most once a month', async () => {
    clock.set('2026-03-01T00:00:00Z');
    const u = await dealer();
    await addCard(u);
    await subscribe(u, 'basic');
    clock.set('2026-03-11T00:00:00Z'); // 21 of 31 days left
    const up = await subscribe(u, 'pro');
    expect(up.json()).toMatchObject({
      plan: { id: 'pro' },
      vehicle_limit: 50,
      next_billing_at: '2026-04-01T00:00:00.000Z',
    });
    const proration = (await b.chargesOf(u.id)).at(-1);
    // 9000 * 21/31 = 6097 charged, 3000 * 21/31 = 2032 credited: 4065 and its tax.
    expect(proration).toMatchObject({ kind: 'proration', amount_without_tax: '4065', tax: 406, amount: 4471 });
    expect((await b.userRow(u.id)).car_limit).toBe(50);

    const down = await subscribe(u, 'basic');
    expect(down.json()).toMatchObject({
      plan: { id: 'pro' },
      scheduled_plan: { id: 'basic', from: '2026-04-01T00:00:00.000Z' },
    });
    const again = await subscribe(u, 'free');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('plan_downgrade_once_a_month');
    // Staying on the plan takes the downgrade back.
    expect((await subscribe(u, 'pro')).json().scheduled_plan).toBeNull();
    expect(await b.chargesOf(u.id)).toHaveLength(2);
  });

  it('asks for a 3-D Secure challenge and activates once the browser is back', async () => {
    clock.set('2026-03-01T00:00:00Z');
    const u = await dealer();
    await addCard(u);
    const { res: started } = await challengedStart(u);
    expect(started.json()).toMatchObject({ status: 'incomplete', payment: { state: 'requires_action' } });
    const url: string = started.json().payment.challenge_url;
    expect(url).toMatch(/^https:\/\/3ds\.test\//);
    expect((await call(t.app, u.token, 'GET', '/v1/subscription')).json().status).toBe('incomplete');
    // Pressed again before answering the challenge: the same start, no second charge; another plan waits its turn.
    const charged = gateway.calls.filter((c) => c.method === 'charge').length;
    const again = await subscribe(u, 'basic');
    expect(again.json()).toMatchObject({ status: 'incomplete', payment: { challenge_url: url } });
    expect((await subscribe(u, 'pro')).statusCode).toBe(409);
    expect(gateway.calls.filter((c) => c.method === 'charge').length).toBe(charged);
    gateway.completeChallenge(url.split('/').at(-1) ?? '', true);
    const confirmed = await call(t.app, u.token, 'POST', '/v1/subscription/confirm');
    expect(confirmed.json()).toMatchObject({ status: 'active', plan: { id: 'basic' }, payment: { state: 'paid' } });
    expect((await b.userRow(u.id)).car_limit).toBe(10);
  });

  it('applies a charge the webhook reports; a bad signature changes nothing; a replay does nothing', async () => {
    const u = await dealer();
    await addCard(u);
    const { ref } = await challengedStart(u);
    const event = {
      id: `evt_${ref}`,
      type: 'charge.succeeded' as const,
      gatewayType: 'charge.succeeded',
      chargeRef: ref,
    };
    const post = (n: ReturnType<typeof gateway.webhook>) =>
      t.app.inject({ method: 'POST', url: '/v1/payments/webhook/local', headers: n.headers, payload: n.body });

    const forged = await post(gateway.webhook(event, { badSignature: true }));
    expect(forged.statusCode).toBe(400);
    expect((await b.chargesOf(u.id))[0]?.status).toBe('requires_action');
    expect(await t.db.selectFrom('billing_events').selectAll().where('event_id', '=', event.id).execute()).toEqual([]);

    const first = await post(gateway.webhook(event));
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await b.chargesOf(u.id))[0]?.status).toBe('succeeded');
    expect((await b.subscriptionOf(u.id))?.status).toBe('active');
    const replay = await post(gateway.webhook(event));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await t.db.selectFrom('subscriptions').select('id').where('user_id', '=', u.id).execute()).toHaveLength(1);
    // Another gateway's path, and a body that is not JSON, are refused without a 500.
    expect((await post({ ...gateway.webhook(event), body: '{not json' })).statusCode).toBe(400);
    const other = await t.app.inject({ method: 'POST', url: '/v1/payments/webhook/stripe', payload: '{}' });
    expect(other.statusCode).toBe(404);

    // A challenge failed: the charge is failed and no contract starts.
    const v = await dealer();
    await addCard(v);
    const { ref: failedRef } = await challengedStart(v);
    const failed = {
      id: `evt_f_${failedRef}`,
      type: 'charge.failed' as const,
      gatewayType: 'charge.failed',
      chargeRef: failedRef,
      error: 'card_invalid_input' as const,
    };
    expect((await post(gateway.webhook(failed))).statusCode).toBe(200);
    expect(await b.chargesOf(v.id)).toMatchObject([{ status: 'failed', error_code: 'card_invalid_input' }]);
    expect(await b.subscriptionOf(v.id)).toBeUndefined();
  });

  it('lets one of a change and a cancellation racing win; the other gets 409', async () => {
    clock.set('2026-03-01T00:00:00Z');
    const u = await dealer();
    await addCard(u);
    await subscribe(u, 'basic');
    const held = gateway.hold();
    const upgrade = subscribe(u, 'pro');
    await held.reached;
    const cancel = await call(t.app, u.token, 'POST', '/v1/subscription/cancel', { accept_terms: true });
    held.release();
    expect(cancel.statusCode).toBe(409);
    expect((await upgrade).statusCode).toBe(200);
    expect((await b.subscriptionOf(u.id))?.plan_id).toBe('pro');
  });

  it('cancels a month ahead at a period end; taken back until 30 days before the end, refused after', async () => {
    clock.set('2026-03-01T00:00:00Z');
    const u = await dealer();
    await addCard(u);
    await subscribe(u, 'basic');
    const refused = await call(t.app, u.token, 'POST', '/v1/subscription/cancel', { accept_terms: false });
    expect(refused.statusCode).toBe(422);
    clock.set('2026-03-10T00:00:00Z');
    // Before confirming, the preview tells the same end and the one renewal still charged before it (1 April).
    const preview = await call(t.app, u.token, 'GET', '/v1/subscription/cancel/preview');
    expect(preview.json()).toEqual({
      service_ends_at: '2026-05-01T00:00:00.000Z',
      charges: [
        { charged_at: '2026-04-01T00:00:00.000Z', plan_name: 'Plan basic', currency: 'jpy', total_with_tax: 3300 },
      ],
    });
    const cancelled = await call(t.app, u.token, 'POST', '/v1/subscription/cancel', { accept_terms: true });
    // Paid to 1 April, less than a month ahead: the contract runs to 1 May.
    expect(cancelled.json()).toMatchObject({ status: 'cancel_pending', end_date: '2026-05-01T00:00:00.000Z' });
    expect(await b.userRow(u.id)).toMatchObject({ status: 'cancel_pending' });
    const twice = await call(t.app, u.token, 'POST', '/v1/subscription/cancel', { accept_terms: true });
    expect(twice.statusCode).toBe(409);
    // The preview refuses what the cancellation refuses.
    expect((await call(t.app, u.token, 'GET', '/v1/subscription/cancel/preview')).statusCode).toBe(409);
    const back = await subscribe(u, 'basic');
    expect(back.json()).toMatchObject({ status: 'active', end_date: null });
    expect(await b.userRow(u.id)).toMatchObject({ status: 'active', service_ends_at: null });
    await call(t.app, u.token, 'POST', '/v1/subscription/cancel', { accept_terms: true });
    clock.set('2026-04-02T00:00:00Z');
    const late = await subscribe(u, 'basic');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('renewal_too_close_to_expiry');
  });
});

describe('two cards saved while behind on payment', () => {
  it('charges the open amount once: the first card’s challenge, answered after the second card paid, takes nothing', async () => {
    const u = await dealer();
    await addCard(u);
    expect((await subscribe(u, 'basic')).statusCode).toBe(200);
    // The renewal failed (what the billing job does on a refused charge).
    await t.db
      .updateTable('subscriptions')
      .set((eb) => ({ status: 'past_due', past_due_since: eb.ref('current_period_end') }))
      .where('user_id', '=', u.id)
      .execute();
    gateway.challenge = true;
    const first = await addCard(u, 'card:1111:12:2099').finally(() => {
      gateway.challenge = false;
    });
    expect(first.statusCode, first.body).toBe(201);
    const recoveries = () =>
      t.db
        .selectFrom('charges')
        .select(['status', 'error_code', 'gateway_ref'])
        .where('user_id', '=', u.id)
        .where('kind', '=', 'recovery')
        .orderBy('id')
        .execute();
    const [waiting] = await recoveries();
    expect(waiting?.status).toBe('requires_action');
    // The dealer did not answer it and saved another card, which paid.
    expect((await addCard(u, 'card:2222:12:2099')).statusCode).toBe(201);
    gateway.completeChallenge(waiting?.gateway_ref ?? '', true);
    expect((await call(t.app, u.token, 'POST', '/v1/subscription/confirm')).statusCode).toBe(200);
    expect((await recoveries()).map((c) => [c.status, c.error_code])).toEqual([
      ['failed', 'card_already_paid'],
      ['succeeded', null],
    ]);
    expect(gateway.voided).toContain(waiting?.gateway_ref);
  });
});
