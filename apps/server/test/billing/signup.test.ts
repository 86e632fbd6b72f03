import { randomUUID } from 'node:crypto';
import { tokeniseLocalCard } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { billingFactory } from '../helpers/factory-billing.ts';
import { signIn } from '../helpers/http.ts';

// The local gateway (the app's default) with tokens made as the browser makes them.
const t = useTestApp();

beforeAll(async () => {
  await t.make.master();
  const b = billingFactory(t.db);
  await b.plan({ id: 'starter', amount: 3000, vehicle_limit: 12 });
});

function tokenOf(number: string): string {
  const made = tokeniseLocalCard({ number, exp_month: '12', exp_year: '2035', cvc: '123' });
  if (!made.ok) throw new Error('test card refused by the browser checks');
  return made.token;
}

const register = (email: string, purchase: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/superusers-create',
    payload: {
      email,
      password: 'customer-pass-1',
      name: 'New Dealer',
      company_name: 'Dealer Cars',
      accept_terms: true,
      purchase: { request_id: randomUUID(), ...purchase },
    },
  });

async function madeFor(email: string) {
  const user = await t.db.selectFrom('users').select(['id', 'status', 'car_limit']).where('email', '=', email);
  const row = await user.executeTakeFirst();
  if (!row) return { user: undefined, cards: 0, subscriptions: 0 };
  const count = async (table: 'payment_cards' | 'subscriptions') =>
    (await t.db.selectFrom(table).select('id').where('user_id', '=', row.id).execute()).length;
  return { user: row, cards: await count('payment_cards'), subscriptions: await count('subscriptions') };
}

describe('registration with a purchase (/user/plan -> /user/payment -> /user/entry)', () => {
  it('makes the account, the card and the paid subscription at once, with the plan limit, and signs in', async () => {
    const res = await register('paid@example.test', { plan_id: 'starter', card_token: tokenOf('4242424242424242') });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'active', purchase: { state: 'paid', vehicle_limit: 12 } });
    const made = await madeFor('paid@example.test');
    expect(made).toMatchObject({ user: { status: 'active', car_limit: 12 }, cards: 1, subscriptions: 1 });
    expect((await signIn(t.app, 'paid@example.test', 'customer-pass-1')).statusCode).toBe(200);
  });

  it('refuses a card with its own error and leaves nothing made, at the card or at the charge', async () => {
    for (const [email, number, code] of [
      ['expired@example.test', '4000000000000069', 'card_expired'],
      ['balance@example.test', '4000000000009995', 'card_insufficient_balance'],
    ] as const) {
      const res = await register(email, { plan_id: 'starter', card_token: tokenOf(number) });
      expect(res.statusCode, res.body).toBe(402);
      expect(res.json().error.code).toBe(code);
      expect(await madeFor(email)).toEqual({ user: undefined, cards: 0, subscriptions: 0 });
    }
  });

  it('names the field for a paid plan without a card or a plan not offered (422)', async () => {
    const noCard = await register('nocard@example.test', { plan_id: 'starter' });
    expect(noCard.statusCode).toBe(422);
    expect(noCard.json().error.fields[0].field).toBe('purchase.card_token');
    const symbols = await register('symbols@example.test', { plan_id: '../x', card_token: 'tok' });
    expect(symbols.statusCode).toBe(422);
    const unknown = await register('unknown@example.test', { plan_id: 'nosuch', card_token: 'tok' });
    expect(unknown.statusCode).toBe(422);
    expect((await madeFor('unknown@example.test')).user).toBeUndefined();
  });

  it('keeps the account when the first payment waits on 3-D Secure, and answers the challenge', async () => {
    const res = await register('challenge@example.test', {
      plan_id: 'starter',
      card_token: tokenOf('4000002760003184'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'approval_pending', purchase: { state: 'requires_action' } });
    expect(res.json().purchase.challenge_url).toMatch(/^http.*\/local-gateway\/3ds\//);
    expect(await madeFor('challenge@example.test')).toMatchObject({ cards: 1, subscriptions: 0 });
  });
});
