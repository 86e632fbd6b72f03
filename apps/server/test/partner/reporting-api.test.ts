import { REPORTING_CALLS_PER_MINUTE } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call, refusedFields } from '../helpers/http.ts';
import { invoiceSeeder } from '../invoices/seed.ts';

/**
 * The reporting API (issue 22, part 3): keys made by master or the domain's super, shown once and kept hashed,
 * rotated (the old key refused at once) and revoked; each call reads the key's own domain; a key over its calls a
 * minute is answered 429 with Retry-After.
 */

const t = useTestApp();
let sup: SignedInUser;
let hq: string;

const api = (key: string | undefined, path: string) =>
  t.app.inject({ method: 'GET', url: `/api/reporting/v0/${path}`, headers: key ? { 'x-api-key': key } : {} });
const makeKey = async (who: SignedInUser, payload: Record<string, unknown> = { name: 'Accounting' }) =>
  call(t.app, who.token, 'POST', '/v1/reporting-api-keys', payload);

beforeAll(async () => {
  sup = await t.make.signedIn({ privilege_type: 'super', is_pay_by_credit: true, name: 'Partner super' });
  hq = sup.tenant.companyId;
  const branch = await t.make.company({ domainId: sup.domainId, parentCompanyId: hq, name: 'Shibuya base' });
  const admin = await t.make.user({ tenant: sup.tenant, privilege_type: 'admin', company_id: branch.id });
  await t.make.vehicles(admin, { count: 2, fields: { listing_link: 'linked', listing_id: 'L-1' } });
  await t.make.vehicles(admin, { count: 1 });
  const seed = invoiceSeeder(t.db);
  await seed.plan({ id: 'standard' });
  await seed.invoice(sup.id, '2026-11-02T09:00:00+09:00');
});

describe('reporting API keys', () => {
  it('shows a key once, keeps only its hash and a hint, and lists it without the key', async () => {
    const res = await makeKey(sup);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made.key).toMatch(/^spy_[0-9a-f]{40}$/);
    expect(made.hint).toBe(made.key.slice(0, 12));
    const stored = await t.db.selectFrom('reporting_api_keys').selectAll().where('id', '=', made.id).executeTakeFirst();
    expect(stored?.key_hash.toString('hex')).not.toContain(made.key.slice(4));
    expect(JSON.stringify(stored)).not.toContain(made.key);
    const list = await call(t.app, sup.token, 'GET', '/v1/reporting-api-keys');
    expect(list.json().items.map((k: { id: string }) => k.id)).toContain(made.id);
    expect(list.body).not.toContain(made.key);
  });

  it('refuses the old key after a rotation and any key after revocation', async () => {
    const made = (await makeKey(sup)).json();
    expect((await api(made.key, 'corporations')).statusCode).toBe(200);
    const rotated = await call(t.app, sup.token, 'POST', `/v1/reporting-api-keys/${made.id}/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().key;
    expect(fresh).not.toBe(made.key);
    expect((await api(made.key, 'corporations')).statusCode).toBe(401);
    expect((await api(fresh, 'corporations')).statusCode).toBe(200);
    expect((await call(t.app, sup.token, 'DELETE', `/v1/reporting-api-keys/${made.id}`)).statusCode).toBe(200);
    expect((await api(fresh, 'corporations')).statusCode).toBe(401);
    expect((await call(t.app, sup.token, 'POST', `/v1/reporting-api-keys/${made.id}/rotate`)).statusCode).toBe(404);
  });

  it('is managed by master and super only, and names its field when refused', async () => {
    const admin = await t.make.signedIn({ tenant: sup.tenant, privilege_type: 'admin' });
    expect((await makeKey(admin)).statusCode).toBe(403);
    expect((await call(t.app, admin.token, 'GET', '/v1/reporting-api-keys')).statusCode).toBe(403);
    const bad = await makeKey(sup, { name: ' ' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0]).toMatchObject({ field: 'name', rule: 'required' });
    const master = await t.make.master();
    const forDomain = await makeKey(master, { name: 'Ops', domain_id: sup.domainId });
    expect(forDomain.statusCode).toBe(201);
    expect(forDomain.json().domain_id).toBe(sup.domainId);
    expect((await makeKey(master, { name: 'Ops', domain_id: '999999999' })).statusCode).toBe(404);
  });
});

describe('reporting API calls', () => {
  it("answers the key's domain: corporations, contacts, contents, bills and the linkage report", async () => {
    const { key } = (await makeKey(sup)).json();
    const corporations = (await api(key, 'corporations')).json();
    expect(corporations.items).toEqual([expect.objectContaining({ id: hq, location_count: 1 })]);
    const contacts = (await api(key, 'contacts')).json();
    expect(contacts.items).toEqual([expect.objectContaining({ name: 'Shibuya base', corporation_id: hq })]);
    expect((await api(key, 'contents')).json().total).toBe(3);
    const bills = (await api(key, 'bills?month=2026-11')).json();
    expect(bills.items).toEqual([expect.objectContaining({ user_id: sup.id, total_with_tax: expect.any(Number) })]);
    expect((await api(key, 'bills?month=2026-10')).json().total).toBe(0);
    const links = (await api(key, 'linkage-report')).json();
    expect(links.total).toBe(2);
    expect(links.counts).toEqual({ linked: 2 });
    expect(links.items[0]).toMatchObject({ listing_id: 'L-1', listing_link: 'linked' });
  });

  it('refuses a missing or malformed key with 401 and a bad query with 422 naming the field', async () => {
    expect((await api(undefined, 'contents')).statusCode).toBe(401);
    expect((await api('spy_nothex', 'contents')).statusCode).toBe(401);
    const { key } = (await makeKey(sup)).json();
    const bad = await api(key, 'contents?month=2026-13&limit=5000');
    expect(bad.statusCode).toBe(422);
    expect(refusedFields(bad)).toEqual(['limit', 'month']);
  });

  it('answers 429 with Retry-After past the calls a minute of one key, other keys unaffected', async () => {
    const { key } = (await makeKey(sup)).json();
    for (let i = 0; i < REPORTING_CALLS_PER_MINUTE; i += 1)
      expect((await api(key, 'corporations')).statusCode).toBe(200);
    const over = await api(key, 'corporations');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().error.code).toBe('rate_limited');
    const other = (await makeKey(sup)).json().key;
    expect((await api(other, 'corporations')).statusCode).toBe(200);
  });
});
