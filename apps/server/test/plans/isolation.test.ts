import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * Plans are the operator's (master): a dealer domain's users (super, admin, normal) reach none of the plan calls,
 * by any id, and the plans are afterwards exactly what they were.
 */

const t = useTestApp();
let master: SignedInUser;
const others: SignedInUser[] = [];

const body = {
  id: 'gold',
  name: 'Gold',
  amount: 5000,
  interval: 'month',
  currency: 'jpy',
  statement_descriptor: '',
  vehicle_limit: 50,
  status: 'active',
  enabled: true,
  shown: true,
};

beforeAll(async () => {
  master = await t.make.master();
  expect((await call(t.app, master.token, 'POST', '/v1/plans', body)).statusCode).toBe(201);
  const tenant = await t.make.tenant();
  for (const role of ['super', 'admin', 'normal'] as const) {
    others.push(await t.make.signedIn({ tenant, privilege_type: role }));
  }
});

const plansNow = () => t.db.selectFrom('plans').selectAll().orderBy('id').execute();

describe('plans isolation', () => {
  it("answers 403 to a dealer's users on every plan call and changes nothing", async () => {
    const before = await plansNow();
    const planA = 'gold';
    for (const who of others) {
      const tries = [
        await call(t.app, who.token, 'GET', '/v1/plans'),
        await call(t.app, who.token, 'POST', '/v1/plans', { ...body, id: 'stolen' }),
        await call(t.app, who.token, 'GET', `/v1/plan/${planA}`),
        await call(t.app, who.token, 'POST', `/v1/plan/${planA}`, { amount: 1 }),
        await call(t.app, who.token, 'DELETE', `/v1/plan/${planA}`),
      ];
      expect(tries.map((res) => res.statusCode)).toEqual([403, 403, 403, 403, 403]);
    }
    expect(await plansNow()).toEqual(before);
  });
});
