import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * Tenant isolation of the contents report: every role of another company, for either type and with sleeping
 * vehicles included, gets a file without a line or an owner of company A; within company A an admin does not get
 * another admin's team.
 */

const t = useTestApp();
const jst = (text: string) => new Date(`${text}+09:00`);
let a: { sup: SignedInUser; admin: SignedInUser; admin2: SignedInUser };
let b: Record<'sup' | 'admin' | 'normal', SignedInUser>;

beforeAll(async () => {
  const tenantA = await t.make.tenant();
  const supA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'super', name: 'Secret Owner' });
  const adminA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'admin', name: 'Secret Admin' });
  const admin2 = await t.make.signedIn({ tenant: tenantA, privilege_type: 'admin' });
  const created_at = jst('2026-03-10T10:00:00');
  await t.make.vehicles(supA, { fields: { management_id: 'SECRET-1', created_at } });
  await t.make.vehicles(adminA, { fields: { management_id: 'SECRET-2', created_at } });
  await t.make.vehicles(supA, {
    publication: 'sleeping',
    fields: { management_id: 'SECRET-3', created_at, slept_at: created_at },
  });
  a = { sup: supA, admin: adminA, admin2 };

  const tenantB = await t.make.tenant();
  const supB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'super' });
  const adminB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'admin' });
  const normalB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'normal', parent_user_id: adminB.id });
  b = { sup: supB, admin: adminB, normal: normalB };
});

const report = (user: SignedInUser, query: Record<string, string>) =>
  call(t.app, user.contentToken, 'GET', `/api/browser/v0/contents_report?${new URLSearchParams(query)}`);

const QUERIES = [
  { month: '2026-03', report_type: 'detail', sleep: '1' },
  { month: '2026-03', report_type: 'summary', sleep: '1' },
];

describe('another company', () => {
  it.each(['sup', 'admin', 'normal'] as const)('%s of company B gets nothing of company A', async (role) => {
    for (const query of QUERIES) {
      const res = await report(b[role], query);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('SECRET');
      expect(res.body).not.toContain(a.sup.id);
      // The header alone.
      expect(res.body.split('\r\n').filter((l) => l !== '')).toHaveLength(1);
    }
  });

  it('company A sees its vehicles; an admin outside their owners does not', async () => {
    const own = await report(a.sup, QUERIES[0] ?? {});
    for (const mid of ['SECRET-1', 'SECRET-2', 'SECRET-3']) expect(own.body).toContain(`,${mid},`);
    const admin = await report(a.admin, QUERIES[0] ?? {});
    expect(admin.body).toContain(',SECRET-2,');
    expect(admin.body).not.toContain('SECRET-1');
    for (const query of QUERIES) {
      const other = await report(a.admin2, query);
      expect(other.body).not.toContain('SECRET');
      expect(other.body).not.toContain('Secret');
    }
  });

  it('refuses the access token in place of the content token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/browser/v0/contents_report?month=2026-03',
      headers: { authorization: `Bearer ${b.sup.token}` },
    });
    expect(res.statusCode).toBe(401);
  });
});
