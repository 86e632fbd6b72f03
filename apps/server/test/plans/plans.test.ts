import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * Plans (issue 19, point 1): the master's plan calls and their rules, every refusal in the error shape (never a
 * 500), and the public list /user/plan offers. One app, one database.
 */

const t = useTestApp();
let master: SignedInUser;
let dealer: SignedInUser;

const plan = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: `Plan ${id}`,
  amount: 1000,
  interval: 'month',
  currency: 'jpy',
  statement_descriptor: 'SPINYARD',
  vehicle_limit: 10,
  status: 'active',
  enabled: true,
  shown: true,
  ...overrides,
});

const asMaster = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, master.token, method, url, body);

/** The fields and rules of a refusal, as `field:rule`. */
const refusal = (res: { json(): unknown }) =>
  ((res.json() as { error: { fields?: { field: string; rule: string }[] } }).error.fields ?? []).map(
    (f) => `${f.field}:${f.rule}`,
  );

/** A dealer's subscription that holds the plan (the billing module writes these; the test puts one in place). */
async function subscribe(planId: string, scheduled: string | null = null, status = 'active') {
  const now = new Date();
  await t.db
    .insertInto('subscriptions')
    .values({
      user_id: dealer.id,
      plan_id: planId,
      scheduled_plan_id: scheduled,
      status: status as 'active',
      currency: 'jpy',
      current_period_start: now,
      current_period_end: new Date(now.getTime() + 30 * 86_400_000),
    })
    .execute();
}

beforeAll(async () => {
  master = await t.make.master();
  dealer = await t.make.signedIn({ privilege_type: 'admin' });
});

describe('plan master', () => {
  it('adds, reads, lists, edits and deletes a plan; the id is never given again', async () => {
    const created = await asMaster('POST', '/v1/plans', plan('basic', { currency: 'usd', amount: 999 }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: 'basic', amount: 999, currency: 'usd', subscriber_count: 0 });

    const read = await asMaster('GET', '/v1/plan/basic');
    expect(read.json()).toEqual(created.json());

    const edited = await asMaster('POST', '/v1/plan/basic', { name: 'Basic', amount: 1299, shown: false });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Basic', amount: 1299, shown: false, currency: 'usd' });

    const listed = await asMaster('GET', '/v1/plans?q=basic');
    expect(listed.json()).toMatchObject({ total: 1, items: [{ id: 'basic' }] });

    expect((await asMaster('DELETE', '/v1/plan/basic')).statusCode).toBe(200);
    expect((await asMaster('GET', '/v1/plan/basic')).json().error.code).toBe('plan_not_found');
    expect((await asMaster('POST', '/v1/plan/basic', { name: 'x' })).statusCode).toBe(404);
    expect((await asMaster('GET', '/v1/plans?q=basic')).json().total).toBe(0);
    // Deleted, yet its id (in any letter case) stays taken: invoices name it for ever.
    const again = await asMaster('POST', '/v1/plans', plan('BASIC'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('duplicate_plan_id');
    expect(refusal(again)).toEqual(['id:duplicate_plan_id']);
  });

  it('refuses an id taken in another letter case, and the free plan’s id', async () => {
    expect((await asMaster('POST', '/v1/plans', plan('Pro'))).statusCode).toBe(201);
    for (const id of ['pro', 'PRO', 'Free', 'free']) {
      const res = await asMaster('POST', '/v1/plans', plan(id));
      expect(res.statusCode, id).toBe(409);
      expect(res.json().error.code).toBe('duplicate_plan_id');
    }
  });

  it('answers two concurrent adds of one id (in two letter cases) with one 201 and one 409', async () => {
    const [a, b] = await Promise.all([
      asMaster('POST', '/v1/plans', plan('race')),
      asMaster('POST', '/v1/plans', plan('RACE')),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it('refuses hostile and wrong input with 422 naming the field, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [plan('a-b'), 'id:alphanumeric'],
      [plan('a b'), 'id:alphanumeric'],
      [plan('../x'), 'id:alphanumeric'],
      [plan('١٢٣'), 'id:alphanumeric'],
      [plan('ａｂｃ'), 'id:alphanumeric'],
      [plan('x'.repeat(33)), 'id:max_length'],
      [plan(''), 'id:required'],
      [plan('neg', { amount: -1 }), 'amount:range'],
      [plan('frac', { amount: 100.5 }), 'amount:integer'],
      [plan('str', { amount: '1000' }), 'amount:format'],
      [plan('nul', { amount: null }), 'amount:required'],
      [plan('huge', { amount: 1e20 }), 'amount:range'],
      [plan('big', { amount: 100_000_000 }), 'amount:range'],
      [plan('gbp', { currency: 'gbp' }), 'currency:one_of'],
      [plan('hour', { interval: 'hour' }), 'interval:one_of'],
      [plan('desc', { statement_descriptor: 'カード' }), 'statement_descriptor:ascii_only'],
      [plan('lim', { vehicle_limit: -3 }), 'vehicle_limit:range'],
      [plan('extra', { owner: 'me' }), 'owner:unknown_field'],
    ];
    for (const [body, expected] of cases) {
      const res = await asMaster('POST', '/v1/plans', body);
      expect(res.statusCode, expected).toBe(422);
      expect(refusal(res), `${expected} ${res.body}`).toContain(expected);
    }
    for (const id of ['..%2F..%2Fetc', 'a%20b', 'x'.repeat(300), '%E2%80%AE']) {
      const res = await asMaster('GET', `/v1/plan/${id}`);
      expect(res.statusCode, id).toBe(422);
      expect(refusal(res)[0]).toMatch(/^id:/);
    }
    expect((await asMaster('GET', '/v1/plan/nosuch')).statusCode).toBe(404);
    expect((await asMaster('POST', '/v1/plan/free', { amount: 'x' })).statusCode).toBe(422);
  });

  it('keeps the free plan free, enabled, active and undeleted', async () => {
    const priced = await asMaster('POST', '/v1/plan/free', { amount: 100, enabled: false, status: 'inactive' });
    expect(priced.statusCode).toBe(409);
    expect(priced.json().error.code).toBe('free_plan_fixed');
    expect(refusal(priced)).toEqual(['amount:free_plan_fixed', 'enabled:free_plan_fixed', 'status:free_plan_fixed']);
    expect((await asMaster('DELETE', '/v1/plan/free')).json().error.code).toBe('free_plan_fixed');
    const renamed = await asMaster('POST', '/v1/plan/free', { name: 'Trial', amount: 0, vehicle_limit: 1 });
    expect(renamed.json()).toMatchObject({ id: 'free', name: 'Trial', amount: 0, enabled: true, vehicle_limit: 1 });
  });

  it('keeps what subscribers agreed to: no price, currency or period change, no disabling, no delete', async () => {
    await asMaster('POST', '/v1/plans', plan('held'));
    await asMaster('POST', '/v1/plans', plan('later'));
    await subscribe('held', 'later');
    await subscribe('held', null, 'cancelled');

    const held = await asMaster('GET', '/v1/plan/held');
    expect(held.json().subscriber_count).toBe(1);
    const refused = await asMaster('POST', '/v1/plan/held', {
      amount: 2000,
      currency: 'usd',
      interval: 'year',
      enabled: false,
      status: 'inactive',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('plan_has_subscribers');
    expect(refusal(refused)).toEqual([
      'amount:plan_has_subscribers',
      'currency:plan_has_subscribers',
      'interval:plan_has_subscribers',
      'enabled:plan_has_subscribers',
      'status:plan_has_subscribers',
    ]);
    // The form sent again unchanged, and what the contract does not fix, pass.
    const { id: _id, ...unchanged } = plan('held');
    const ok = await asMaster('POST', '/v1/plan/held', { ...unchanged, name: 'Held', shown: false });
    expect(ok.statusCode).toBe(200);
    expect((await asMaster('DELETE', '/v1/plan/held')).json().error.code).toBe('plan_has_subscribers');
    // A downgrade scheduled to a plan holds it too.
    expect((await asMaster('DELETE', '/v1/plan/later')).statusCode).toBe(409);
    expect((await asMaster('GET', '/v1/plan/held')).json()).toMatchObject({ amount: 1000, enabled: true });
  });

  it('is the master’s only', async () => {
    const admin = dealer;
    const sup = await t.make.signedIn({ privilege_type: 'super' });
    for (const who of [admin, sup]) {
      expect((await call(t.app, who.token, 'GET', '/v1/plans')).statusCode).toBe(403);
      expect((await call(t.app, who.token, 'POST', '/v1/plans', plan('mine'))).statusCode).toBe(403);
      expect((await call(t.app, who.token, 'GET', '/v1/plan/free')).statusCode).toBe(403);
      expect((await call(t.app, who.token, 'POST', '/v1/plan/free', { name: 'x' })).statusCode).toBe(403);
      expect((await call(t.app, who.token, 'DELETE', '/v1/plan/free')).statusCode).toBe(403);
    }
    expect((await call(t.app, undefined, 'GET', '/v1/plans')).statusCode).toBe(401);
  });

  it('offers to anyone only the plans a customer may pick, without the operator’s details', async () => {
    await asMaster('POST', '/v1/plans', plan('offerA', { amount: 5000 }));
    await asMaster('POST', '/v1/plans', plan('offerB', { amount: 3000 }));
    await asMaster('POST', '/v1/plans', plan('hidden', { shown: false }));
    await asMaster('POST', '/v1/plans', plan('off', { enabled: false }));
    await asMaster('POST', '/v1/plans', plan('retired', { status: 'inactive' }));
    await asMaster('POST', '/v1/plans', plan('gone'));
    await asMaster('DELETE', '/v1/plan/gone');

    const res = await call(t.app, undefined, 'GET', '/v1/plans/offered');
    expect(res.statusCode).toBe(200);
    const ids = (res.json().plans as { id: string }[]).map((p) => p.id);
    expect(ids).toContain('offerA');
    expect(ids.indexOf('offerB')).toBeLessThan(ids.indexOf('offerA'));
    for (const id of ['hidden', 'off', 'retired', 'gone', 'free']) expect(ids).not.toContain(id);
    expect(Object.keys(res.json().plans[0]).sort()).toEqual(
      ['amount', 'currency', 'id', 'interval', 'name', 'vehicle_limit'].sort(),
    );
    const masterView = await asMaster('GET', '/v1/plans?offered=true&limit=100');
    expect((masterView.json().items as { id: string }[]).map((p) => p.id)).toEqual(
      expect.arrayContaining(['offerA', 'offerB']),
    );
    expect((masterView.json().items as { id: string }[]).map((p) => p.id)).not.toContain('hidden');
  });
});
