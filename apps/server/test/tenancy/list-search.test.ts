import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { Session, TestUser } from '../helpers/factory.ts';

// The domain and company lists search and page in the database like the user list: a search finds a row beyond
// the first page, and every comma-separated keyword must match.
const t = useTestApp();

interface Page {
  items: { id: string; service_name?: string; name?: string; headquarters_name?: string | null }[];
  total: number;
}

let master: TestUser & Session;
let needleDomainId: string;
let superUser: TestUser & Session;
let needleBranchId: string;

beforeAll(async () => {
  master = await t.make.master();
  // The rare domain is made first: the newest-first list shows it after the 40 made later.
  const needle = await t.make.tenant({ serviceName: 'Needle Motors Kyushu' });
  needleDomainId = needle.domainId;
  for (let i = 0; i < 40; i += 1) await t.make.tenant({ serviceName: `Hay Motors ${i}` });
  // One tenant with 35 branches under its headquarters, the rare one first.
  const tenant = await t.make.tenant({ companyName: 'Haystack headquarters' });
  superUser = await t.make.signedIn({ tenant, privilege_type: 'super' });
  const branch = await t.make.company({
    domainId: tenant.domainId,
    parentCompanyId: tenant.companyId,
    name: 'Needle branch Fukuoka',
  });
  needleBranchId = branch.id;
  for (let i = 0; i < 34; i += 1) {
    await t.make.company({ domainId: tenant.domainId, parentCompanyId: tenant.companyId, name: `Hay branch ${i}` });
  }
});

async function get(session: Session, url: string): Promise<Page> {
  const res = await t.app.inject({ method: 'GET', url, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

describe('GET /v1/domain', () => {
  it('pages every domain and finds the one beyond the first page by search', async () => {
    const first = await get(master, '/v1/domain?limit=10');
    expect(first.total).toBeGreaterThanOrEqual(42);
    expect(first.items.map((d) => d.id)).not.toContain(needleDomainId);
    const found = await get(master, `/v1/domain?q=${encodeURIComponent('needle')}`);
    expect(found.items.map((d) => d.id)).toEqual([needleDomainId]);
    expect(found.total).toBe(1);
  });

  it('needs every keyword to match', async () => {
    const both = await get(master, `/v1/domain?q=${encodeURIComponent('motors, kyushu')}`);
    expect(both.items.map((d) => d.id)).toEqual([needleDomainId]);
    const wide = await get(master, `/v1/domain?q=${encodeURIComponent('hay, motors')}&limit=30&page=2`);
    expect(wide.total).toBe(40);
    expect(wide.items).toHaveLength(10);
    const none = await get(master, `/v1/domain?q=${encodeURIComponent('needle、hay')}`);
    expect(none.total).toBe(0);
  });

  it('refuses a search over 100 characters on the field q', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/domain?q=${'x'.repeat(101)}`,
      headers: master.headers,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ error: { fields: [{ field: 'q' }] } });
  });
});

describe('GET /v1/branches', () => {
  it('finds a branch beyond the first page, every keyword matching', async () => {
    const first = await get(superUser, '/v1/branches?limit=10');
    expect(first.total).toBe(35);
    const found = await get(superUser, `/v1/branches?q=${encodeURIComponent('needle, fukuoka')}`);
    expect(found.items.map((c) => c.id)).toEqual([needleBranchId]);
    const none = await get(superUser, `/v1/branches?q=${encodeURIComponent('needle, hay')}`);
    expect(none.total).toBe(0);
  });

  it("carries each branch's headquarters name, so the list needs no list of headquarters", async () => {
    const page = await get(superUser, '/v1/branches?limit=10');
    expect(page.items).toHaveLength(10);
    for (const branch of page.items) expect(branch.headquarters_name).toBe('Haystack headquarters');
  });
});
