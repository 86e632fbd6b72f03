import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';
import { invoiceSeeder } from './seed.ts';

/**
 * Tenant isolation of every invoice call: another company's users (super, an admin paying by card, a normal user)
 * never see company A's invoices in a list, a CSV or a detail, naming one is not_found (or forbidden when they may
 * read no invoice at all), and the master-only calls refuse them whatever they name.
 */

const t = useTestApp();
let a: SignedInUser;
let b: Record<'sup' | 'admin' | 'normal', SignedInUser>;
let invoiceA: string;
let invoiceB: string;
const SECRET = 'SECRET-A-COMPANY';

beforeAll(async () => {
  const seed = invoiceSeeder(t.db);
  await seed.plan({ id: 'standard' });
  a = await t.make.signedIn({ privilege_type: 'admin', is_pay_by_credit: true, name: SECRET });
  invoiceA = await seed.invoice(a.id, '2026-11-01T09:00:00+09:00');
  const tenant = await t.make.tenant();
  const admin = await t.make.signedIn({ tenant, privilege_type: 'admin', is_pay_by_credit: true });
  b = {
    sup: await t.make.signedIn({ tenant, privilege_type: 'super', is_pay_by_credit: true }),
    admin,
    normal: await t.make.signedInUnder(admin, { is_pay_by_credit: true }),
  };
  invoiceB = await seed.invoice(admin.id, '2026-11-01T09:00:00+09:00');
});

const get = (user: SignedInUser, url: string) => call(t.app, user.token, 'GET', url);

describe("another company's admin paying by card", () => {
  it('lists only their own invoices, in the list and the CSV', async () => {
    const list = await get(b.admin, '/v1/invoice');
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([invoiceB]);
    const csv = await get(b.admin, '/v1/invoice/csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(SECRET);
  });

  it("naming A's invoice or A as customer is not_found", async () => {
    for (const url of [
      `/v1/details/${invoiceA}`,
      `/v1/invoice/${invoiceA}/pdf`,
      `/v1/invoice?user_id=${a.id}`,
      `/v1/invoice/csv?user_id=${a.id}`,
    ]) {
      const res = await get(b.admin, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(SECRET);
    }
  });
});

describe("another company's other users", () => {
  it.each(['sup', 'normal'] as const)('%s reads no invoice at all', async (role) => {
    for (const url of [
      '/v1/invoice',
      '/v1/invoice/csv',
      `/v1/details/${invoiceA}`,
      `/v1/invoice/${invoiceA}/pdf`,
      `/v1/details/${invoiceB}`,
    ]) {
      const res = await get(b[role], url);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain(SECRET);
    }
  });

  it.each(['sup', 'admin', 'normal'] as const)("%s gets nothing of master's calls", async (role) => {
    for (const url of ['/v1/detail-all', `/v1/detail-all?user_id=${a.id}`, '/v1/customers', '/v1/customers?q=SECRET']) {
      const res = await get(b[role], url);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain(SECRET);
    }
  });
});
