import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { controlledClock } from '../../src/platform/clock/clock.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { billingFactory } from '../helpers/factory-billing.ts';
import { call } from '../helpers/http.ts';
import { scriptedGateway } from '../helpers/scripted-gateway.ts';

/**
 * Every signed-in billing route acts on the caller's own account only: another dealer's cards, contract, payments
 * and quota are never seen or changed, whatever they send.
 */

const t = useTestApp({ payments: scriptedGateway(), clock: controlledClock('2026-03-01T00:00:00Z') });
let a: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  await billingFactory(t.db).plan({ id: 'basic', amount: 3000, vehicle_limit: 10 });
  a = await t.make.signedIn({ privilege_type: 'admin', is_pay_by_credit: true });
  other = await t.make.signedIn({ privilege_type: 'admin', is_pay_by_credit: true });
  await call(t.app, a.token, 'POST', '/v1/credit-cards', { token: 'card:1111:01:2030' });
  await call(t.app, a.token, 'POST', '/v1/subscription', { plan_id: 'basic', request_id: randomUUID() });
  await t.make.vehicles({ id: a.id, domainId: a.domainId }, { count: 3 });
});

describe('billing isolation', () => {
  it("never shows another dealer's cards, contract or quota", async () => {
    expect((await call(t.app, other.token, 'GET', '/v1/credit-cards')).json()).toEqual({ cards: [] });
    expect((await call(t.app, other.token, 'GET', '/v1/subscription')).statusCode).toBe(404);
    expect((await call(t.app, other.token, 'GET', '/v1/usage-quota')).json()).toMatchObject({
      plan_id: 'free',
      vehicles_used: 0,
    });
    expect((await call(t.app, a.token, 'GET', '/v1/usage-quota')).json()).toEqual({
      plan_id: 'basic',
      vehicles_used: 3,
      vehicle_limit: 10,
    });
  });

  it("never changes another dealer's contract", async () => {
    const cancel = await call(t.app, other.token, 'POST', '/v1/subscription/cancel', { accept_terms: true });
    expect(cancel.statusCode).toBe(404);
    // Nor says when another dealer's contract would end.
    const preview = await call(t.app, other.token, 'GET', '/v1/subscription/cancel/preview');
    expect(preview.statusCode).toBe(404);
    const confirm = await call(t.app, other.token, 'POST', '/v1/subscription/confirm');
    expect(confirm.statusCode).toBe(404);
    // A request id another dealer used answers that dealer nothing of it: the key is per account.
    const start = await call(t.app, other.token, 'POST', '/v1/subscription', {
      plan_id: 'basic',
      request_id: randomUUID(),
    });
    expect(start.statusCode).toBe(402);
    await call(t.app, other.token, 'POST', '/v1/credit-cards', { token: 'card:2222:01:2030' });
    expect(
      (await call(t.app, a.token, 'GET', '/v1/credit-cards')).json().cards.map((c: { last4: string }) => c.last4),
    ).toEqual(['1111']);
    expect((await call(t.app, a.token, 'GET', '/v1/subscription')).json()).toMatchObject({ status: 'active' });
  });
});
