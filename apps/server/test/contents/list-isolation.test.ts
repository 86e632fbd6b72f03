import { periodQuery } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * Tenant isolation of the vehicle list: every role of another company, asking by keyword, owner, state and
 * period, through the list, its JSON form and the CSV download, never gets a vehicle of company A; an admin
 * of company A does not see another admin's team.
 */

const t = useTestApp();
let a: { sup: SignedInUser; admin2: SignedInUser; vehicle: string };
let b: Record<'sup' | 'admin' | 'normal', SignedInUser>;
const jst = (text: string) => new Date(`${text}+09:00`);

beforeAll(async () => {
  const tenantA = await t.make.tenant();
  const supA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'super', name: 'Secret Owner' });
  const admin2 = await t.make.signedIn({ tenant: tenantA, privilege_type: 'admin' });
  const fields = { management_id: 'SECRET-1', maker: 'Secretmaker', created_at: jst('2025-01-10T00:00:00') };
  const [vehicle] = await t.make.vehicles(supA, { fields });
  await t.make.vehicles(supA, { publication: 'deleted', fields: { ...fields, management_id: 'SECRET-2' } });
  await t.make.vehicles(supA, { publication: 'sleeping', fields: { ...fields, management_id: 'SECRET-3' } });
  a = { sup: supA, admin2, vehicle: vehicle ?? '' };

  const tenantB = await t.make.tenant();
  const supB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'super' });
  const adminB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'admin' });
  const normalB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'normal', parent_user_id: adminB.id });
  b = { sup: supB, admin: adminB, normal: normalB };
});

const probes = () => [
  { search: 'secret' },
  { search: 'Secret Owner' },
  { user_id: a.sup.id },
  { publish: 'deleted' },
  { sleeped_contents: '1' },
  { manufacturer: 'secretmaker' },
  { ...periodQuery('created', '2025-01-01', '2025-01-31') },
];

describe('another company', () => {
  it.each(['sup', 'admin', 'normal'] as const)('%s of company B lists none of company A', async (role) => {
    const user = b[role];
    for (const probe of probes()) {
      const get = await call(
        t.app,
        user.contentToken,
        'GET',
        `/api/browser/v0/contents?${new URLSearchParams(probe as Record<string, string>)}`,
      );
      expect(get.statusCode).toBe(200);
      expect(get.json()).toMatchObject({ items: [], total: 0 });
      const post = await call(t.app, user.contentToken, 'POST', '/api/browser/v0/contents/list', probe);
      expect(post.statusCode).toBe(200);
      expect(post.json()).toMatchObject({ items: [], total: 0 });
    }
  });

  it("downloads a CSV with none of company A's vehicles", async () => {
    const query = new URLSearchParams({ create_csv: '1', ...periodQuery('created', '2025-01-01', '2025-01-31') });
    const mine = await call(t.app, a.sup.contentToken, 'GET', `/api/browser/v0/contents?${query}`);
    expect(mine.body).toContain('SECRET-1');
    const theirs = await call(t.app, b.sup.contentToken, 'GET', `/api/browser/v0/contents?${query}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('SECRET');
    expect(theirs.body.split('\r\n').filter((l) => l !== '')).toHaveLength(1);
  });

  it('company A itself sees its vehicle, but not an admin outside its owner', async () => {
    const own = await call(t.app, a.sup.contentToken, 'GET', '/api/browser/v0/contents?search=secret');
    expect(own.json().items.map((i: { id: string }) => i.id)).toEqual([a.vehicle]);
    const admin = await call(t.app, a.admin2.contentToken, 'GET', '/api/browser/v0/contents?search=secret');
    expect(admin.json()).toMatchObject({ items: [], total: 0 });
  });

  it('refuses the access token in place of the content token', async () => {
    const res = await call(t.app, b.sup.token, 'GET', '/api/browser/v0/contents');
    expect(res.statusCode).toBe(401);
  });
});
