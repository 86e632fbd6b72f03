import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * Tenant isolation of the partner calls: another domain's super never sees, rotates or revokes A's reporting keys,
 * never reports A's corporations, and A's key reads nothing of B; the contents report log shows only one's own.
 */

const t = useTestApp();
let a: SignedInUser;
let b: SignedInUser;
let keyA: { id: string; key: string };
const SECRET = 'SECRET-A-CORPORATION';

beforeAll(async () => {
  a = await t.make.signedIn({ privilege_type: 'super', domain: { serviceName: 'A' } });
  b = await t.make.signedIn({ privilege_type: 'super' });
  await t.make.company({ domainId: a.domainId, name: SECRET });
  keyA = (await call(t.app, a.token, 'POST', '/v1/reporting-api-keys', { name: 'A' })).json();
  await call(t.app, a.contentToken, 'GET', '/api/browser/v0/contents_report?month=2026-11');
});

describe('partner isolation', () => {
  it("keeps A's keys from B", async () => {
    const list = await call(t.app, b.token, 'GET', `/v1/reporting-api-keys?domain_id=${a.domainId}`);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(keyA.id);
    expect((await call(t.app, b.token, 'POST', `/v1/reporting-api-keys/${keyA.id}/rotate`)).statusCode).toBe(404);
    expect((await call(t.app, b.token, 'DELETE', `/v1/reporting-api-keys/${keyA.id}`)).statusCode).toBe(404);
    const made = await call(t.app, b.token, 'POST', '/v1/reporting-api-keys', { name: 'x', domain_id: a.domainId });
    expect(made.json().domain_id).toBe(b.domainId);
  });

  it("reports only the caller's own corporations, and A's key reads only A", async () => {
    const own = await call(t.app, b.token, 'GET', `/v1/partner-billing-report?month=2026-11&domain_id=${a.domainId}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain(SECRET);
    const named = `/v1/partner-billing-report?month=2026-11&headquarters_id=${a.tenant.companyId}`;
    expect((await call(t.app, b.token, 'GET', named)).statusCode).toBe(404);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/reporting/v0/corporations',
      headers: { 'x-api-key': keyA.key },
    });
    expect(read.json().items.map((c: { name: string }) => c.name)).toContain(SECRET);
    expect(read.json().items.every((c: { id: string }) => c.id !== b.tenant.companyId)).toBe(true);
  });

  it("shows B none of A's report downloads", async () => {
    const log = await call(t.app, b.contentToken, 'GET', '/api/browser/v0/contents-report/log');
    expect(log.statusCode).toBe(200);
    expect(log.json().items).toEqual([]);
  });
});
