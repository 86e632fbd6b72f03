import { randomUUID } from 'node:crypto';
import nodePath from 'node:path';
import { tokeniseLocalCard } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobsContext } from '../../src/modules/context.ts';
import { releaseAbandonedSignupsJob, usersJobs } from '../../src/modules/users/jobs.ts';
import { systemClock } from '../../src/platform/clock/clock.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { createLocalGateway } from '../../src/platform/payments/local-gateway.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
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
});

// The 3-D Secure test card: every charge with the payer present asks for the issuer's challenge.
const CHALLENGE_CARD = '4000002760003184';

/** A registration whose first payment waits on the challenge: its hold token and the challenge's path. */
async function challenged(email: string) {
  const res = await register(email, { plan_id: 'starter', card_token: tokenOf(CHALLENGE_CARD) });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  expect(body).toMatchObject({ status: 'approval_pending', activation_mail_sent: false });
  expect(body.purchase).toMatchObject({ state: 'requires_action', sign_in_hold: { expires_in: 1800 } });
  return { hold: body.purchase.sign_in_hold.token as string, path: new URL(body.purchase.challenge_url).pathname };
}

/** The dealer's answer on the test issuer's page, which sends the browser back to the registration's page. */
async function answer(path: string, outcome: 'authenticate' | 'fail') {
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  expect(res.statusCode).toBe(303);
  expect(
    new URL(String(res.headers.location), 'http://x').pathname +
      new URL(String(res.headers.location), 'http://x').search,
  ).toBe('/user/entry?confirm=1');
}

const confirm = (hold: string) =>
  t.app.inject({ method: 'POST', url: '/v1/superusers-create/confirm', payload: { hold_token: hold } });

async function rowsOf(email: string) {
  const users = await t.db
    .selectFrom('users')
    .select(['id', 'status', 'car_limit', 'deleted_at'])
    .where('email', '=', email)
    .execute();
  // Every user row of the address (a rolled-back one and its successor); a dummy id when there is none.
  const ids = [...users.map((u) => u.id), '0'];
  return {
    users,
    cards: await t.db.selectFrom('payment_cards').selectAll().where('user_id', 'in', ids).execute(),
    subscriptions: await t.db.selectFrom('subscriptions').selectAll().where('user_id', 'in', ids).execute(),
    charges: await t.db.selectFrom('charges').selectAll().where('user_id', 'in', ids).execute(),
  };
}

async function companyOf(email: string): Promise<string> {
  const row = await t.db.selectFrom('users').select('company_id').where('email', '=', email).executeTakeFirst();
  if (!row?.company_id) throw new Error(`no company for ${email}`);
  return row.company_id;
}

const companyRow = (id: string) => t.db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst();

async function gatewayStatus(ref: string | null | undefined) {
  const row = await t.db
    .selectFrom('local_gateway_charges')
    .select('status')
    .where('ref', '=', ref ?? '')
    .executeTakeFirst();
  return row?.status;
}

describe('registration with a 3-D Secure first payment (the sign-in held until /user/entry?confirm=1)', () => {
  it('signs the dealer in once the challenge is passed, with the contract and the limit; a replay does nothing', async () => {
    const { hold, path } = await challenged('challenge@example.test');
    expect(await madeFor('challenge@example.test')).toMatchObject({
      user: { status: 'approval_pending' },
      cards: 1,
      subscriptions: 0,
    });
    // Back before answering: nothing started, the hold still good.
    expect((await confirm(hold)).json().error.code).toBe('payment_required');
    await answer(path, 'authenticate');
    const done = await confirm(hold);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ token_type: 'bearer' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/subscription',
      headers: { authorization: `Bearer ${done.json().access_token}` },
    });
    expect(me.json()).toMatchObject({ status: 'active', plan: { id: 'starter' }, vehicle_limit: 12 });
    const replay = await confirm(hold);
    expect(replay.statusCode).toBe(401);
    const rows = await rowsOf('challenge@example.test');
    expect(rows.users).toMatchObject([{ status: 'active', car_limit: 12, deleted_at: null }]);
    expect(rows.subscriptions).toHaveLength(1);
    expect(rows.charges.map((c) => c.status)).toEqual(['succeeded']);
  });

  it('rolls a refused challenge back: the card detached, the card error, the same address registers again', async () => {
    const { hold, path } = await challenged('refused@example.test');
    const companyId = await companyOf('refused@example.test');
    await answer(path, 'fail');
    const res = await confirm(hold);
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('card_declined');
    const rows = await rowsOf('refused@example.test');
    expect(rows.users).toHaveLength(1);
    expect(rows.users[0]?.deleted_at).not.toBeNull();
    expect(rows.cards.every((c) => c.deleted_at !== null && !c.is_default)).toBe(true);
    expect(rows.subscriptions).toEqual([]);
    const local = await t.db
      .selectFrom('local_gateway_cards')
      .selectAll()
      .where('ref', '=', rows.cards[0]?.card_ref ?? '')
      .executeTakeFirst();
    expect(local?.detached_at ?? null).not.toBeNull();
    // The company the registration made goes with it: nothing left in the company lists.
    expect(await companyRow(companyId)).toBeUndefined();
    // Replayed: the hold has ended, nothing is rolled back twice.
    expect((await confirm(hold)).statusCode).toBe(401);
    const again = await register('refused@example.test', {
      plan_id: 'starter',
      card_token: tokenOf('4242424242424242'),
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ status: 'active', purchase: { state: 'paid' } });
  });

  it('takes a webhook that arrived first: the contract started once, the confirm signs in', async () => {
    const { hold, path } = await challenged('webhook@example.test');
    await answer(path, 'authenticate');
    const [charge] = (await rowsOf('webhook@example.test')).charges;
    const notifier = await createLocalGateway({ db: t.db, clock: systemClock, publicUrl: undefined });
    const notice = await notifier.signedNotice(charge?.gateway_ref ?? '');
    const hook = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/webhook/local',
      headers: notice.headers,
      payload: notice.rawBody,
    });
    expect(hook.json()).toEqual({ received: true, duplicate: false });
    expect((await rowsOf('webhook@example.test')).users[0]?.status).toBe('active');
    const done = await confirm(hold);
    expect(done.statusCode, done.body).toBe(200);
    const rows = await rowsOf('webhook@example.test');
    expect(rows.subscriptions).toHaveLength(1);
    expect(rows.charges).toHaveLength(1);
  });

  it('frees an address whose check was abandoned once its hold has lapsed: the waiting charge closed, never paid', async () => {
    const email = 'abandoned@example.test';
    const { path } = await challenged(email);
    const companyId = await companyOf(email);
    // The hold still runs: the address is taken.
    const early = await register(email, { plan_id: 'starter', card_token: tokenOf('4242424242424242') });
    expect(early.json().error.code).toBe('email_already_registered');
    const [first] = (await rowsOf(email)).users;
    await t.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', first?.id ?? '0')
      .execute();
    const again = await register(email, { plan_id: 'starter', card_token: tokenOf('4242424242424242') });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ status: 'active', purchase: { state: 'paid' } });
    const rows = await rowsOf(email);
    expect(rows.users.find((u) => u.id === first?.id)?.deleted_at).not.toBeNull();
    const old = rows.charges.filter((c) => c.user_id === first?.id);
    expect(old.map((c) => [c.status, c.error_code])).toEqual([['failed', 'card_authentication_required']]);
    // Cancelled at the gateway too: the old challenge answered now takes no money and starts nothing.
    await answer(path, 'authenticate');
    expect(await gatewayStatus(old[0]?.gateway_ref)).toBe('cancelled');
    expect((await rowsOf(email)).subscriptions).toHaveLength(1);
    expect(await companyRow(companyId)).toBeUndefined();
  });

  it('releases abandoned registrations hourly: the payment cancelled at the gateway, account and company removed', async () => {
    const email = 'swept@example.test';
    const { path } = await challenged(email);
    const companyId = await companyOf(email);
    const gateway = await createLocalGateway({ db: t.db, clock: systemClock, publicUrl: undefined });
    const ctx: JobsContext = {
      db: t.db,
      store: createDiskBlobStore(nodePath.join(t.dir, 'jobs-media')),
      media: createMedia(),
      log: () => undefined,
      payments: gateway,
    };
    const sweep = () => usersJobs(ctx).handlers[releaseAbandonedSignupsJob.name]?.({} as never, {} as never);
    // The hold still runs: nothing is released.
    await sweep();
    expect((await rowsOf(email)).users[0]?.deleted_at).toBeNull();
    const [user] = (await rowsOf(email)).users;
    await t.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user?.id ?? '0')
      .execute();
    expect(await sweep()).toBe('success');
    const rows = await rowsOf(email);
    expect(rows.users[0]?.deleted_at).not.toBeNull();
    expect(await gatewayStatus(rows.charges[0]?.gateway_ref)).toBe('cancelled');
    expect(await companyRow(companyId)).toBeUndefined();
    await answer(path, 'authenticate');
    expect(await gatewayStatus(rows.charges[0]?.gateway_ref)).toBe('cancelled');
    expect(await sweep()).toBe('skipped');
  });

  it('gives up a check still open on the dealer’s word: the payment cancelled at the gateway, the sign-up taken back', async () => {
    const email = 'gaveup@example.test';
    const { hold, path } = await challenged(email);
    const companyId = await companyOf(email);
    const given = await t.app.inject({
      method: 'POST',
      url: '/v1/superusers-create/confirm',
      payload: { hold_token: hold, give_up: true },
    });
    expect(given.statusCode, given.body).toBe(402);
    expect(given.json().error.code).toBe('card_authentication_required');
    const rows = await rowsOf(email);
    expect(rows.users[0]?.deleted_at).not.toBeNull();
    expect(rows.charges.map((c) => c.status)).toEqual(['failed']);
    expect(await gatewayStatus(rows.charges[0]?.gateway_ref)).toBe('cancelled');
    expect(await companyRow(companyId)).toBeUndefined();
    // The issuer's page answered afterwards takes nothing, and the hold has ended.
    await answer(path, 'authenticate');
    expect(await gatewayStatus(rows.charges[0]?.gateway_ref)).toBe('cancelled');
    expect((await confirm(hold)).statusCode).toBe(401);
  });

  it('refunds a payment the gateway reports after this side closed its charge (no money without a contract)', async () => {
    const email = 'late@example.test';
    const { path } = await challenged(email);
    await answer(path, 'authenticate');
    const [charge] = (await rowsOf(email)).charges;
    // As a rollback leaves it when the payer's answer reached the gateway just before the cancel did.
    await t.db
      .updateTable('charges')
      .set({ status: 'failed' })
      .where('id', '=', charge?.id ?? '0')
      .execute();
    const notifier = await createLocalGateway({ db: t.db, clock: systemClock, publicUrl: undefined });
    const notice = await notifier.signedNotice(charge?.gateway_ref ?? '');
    const hook = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/payments/webhook/local',
        headers: notice.headers,
        payload: notice.rawBody,
      });
    expect((await hook()).json()).toEqual({ received: true, duplicate: false });
    expect(await gatewayStatus(charge?.gateway_ref)).toBe('refunded');
    expect((await hook()).json()).toEqual({ received: true, duplicate: true });
    expect((await rowsOf(email)).subscriptions).toEqual([]);
  });

  it('refuses an expired hold, a hold of another purpose and a sign-in token of another purpose (401)', async () => {
    const { hold } = await challenged('expired@example.test');
    // The hold is not a login-limit hold: /auth/token/continue refuses it.
    const asContinue = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token/continue',
      headers: { authorization: `Bearer ${hold}` },
    });
    expect(asContinue.statusCode).toBe(401);
    const { id } = (await rowsOf('expired@example.test')).users[0] ?? { id: '' };
    await t.db.updateTable('auth_tokens').set({ purpose: 'login_limit' }).where('user_id', '=', id).execute();
    expect((await confirm(hold)).statusCode).toBe(401);
    await t.db
      .updateTable('auth_tokens')
      .set({ purpose: 'first_payment', expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', id)
      .execute();
    expect((await confirm(hold)).statusCode).toBe(401);
    expect((await confirm('not-a-hold')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/superusers-create/confirm', payload: {} })).statusCode).toBe(
      422,
    );
  });
});
