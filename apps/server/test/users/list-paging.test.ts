import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { Session, Tenant, TestUser } from '../helpers/factory.ts';

// The user list searches, sorts and pages in the database: a search finds a user wherever they would sit in the
// unsearched list, and pages beyond the first hold the rest of the rows, never a window the browser filters.
const t = useTestApp();

const COUNT = 350;
const BASE = Date.UTC(2026, 0, 1);
const pad = (n: number) => String(n).padStart(3, '0');

interface Row {
  id: string;
  email: string;
  name: string;
}
interface Page {
  items: Row[];
  total: number;
  page: number;
  limit: number;
}

/** A tenant with 350 admins `member-000` to `member-349` (created in that order, a second apart) and its super. */
async function crowd(): Promise<{ tenant: Tenant; sup: TestUser & Session; needle: TestUser }> {
  const tenant = await t.make.tenant();
  const sup = await t.make.signedIn({ tenant, privilege_type: 'super' });
  let needle: TestUser | undefined;
  for (let i = 0; i < COUNT; i += 1) {
    const label = `member-${pad(i)}`;
    const user = await t.make.user({
      tenant,
      privilege_type: 'admin',
      email: `${label}@crowd.example.test`,
      // One user, the first made (last in the default newest-first order), has a rare word in their section.
      name: `Member ${pad(i)}`,
      company_section: i === 0 ? 'Needle works' : 'Sales',
      created_at: new Date(BASE + i * 1000),
      updated_at: new Date(BASE + i * 1000),
    });
    if (i === 0) needle = user;
  }
  if (!needle) throw new Error('no needle');
  return { tenant, sup, needle };
}

// Made once for the file (350 users take a moment); no test changes them, so each test stands alone on it.
let crowdOf: Awaited<ReturnType<typeof crowd>>;
beforeAll(async () => {
  crowdOf = await crowd();
});

async function list(session: Session, query: string): Promise<Page> {
  const res = await t.app.inject({ method: 'GET', url: `/v1/subordinates?${query}`, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

describe('GET /v1/subordinates: search, sort and paging in the database', () => {
  it('pages through all 350 users: four pages of 100, disjoint, the last holding the remaining 50', async () => {
    const { sup } = crowdOf;
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(sup, `page=${page}&limit=100`)));
    expect(pages.map((p) => p.items.length)).toEqual([100, 100, 100, 50]);
    for (const p of pages) expect(p.total).toBe(COUNT);
    const ids = new Set(pages.flatMap((p) => p.items.map((u) => u.id)));
    expect(ids.size).toBe(COUNT);
    // Default order is newest first: the first user made is the very last row of page 4.
    expect(pages[3]?.items.at(-1)?.email).toBe('member-000@crowd.example.test');
    expect(pages[0]?.items[0]?.email).toBe(`member-${pad(COUNT - 1)}@crowd.example.test`);
    const beyond = await list(sup, 'page=5&limit=100');
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(COUNT);
  });

  it('finds the user of page 4 by a word of their section, with the right total', async () => {
    const { sup, needle } = crowdOf;
    const found = await list(sup, `q=${encodeURIComponent('needle')}&limit=10`);
    expect(found.total).toBe(1);
    expect(found.items.map((u) => u.id)).toEqual([needle.id]);
  });

  it('needs every comma-separated keyword to match, across pages', async () => {
    const { sup, needle } = crowdOf;
    const both = await list(sup, `q=${encodeURIComponent('needle, member-000')}`);
    expect(both.items.map((u) => u.id)).toEqual([needle.id]);
    const none = await list(sup, `q=${encodeURIComponent('needle、member-001')}`);
    expect(none.total).toBe(0);
    // "member-3" matches member-3 and member-300..349: 51 users, more than one page of 30.
    const wide = await list(sup, `q=${encodeURIComponent('member-3, sales')}&limit=30&page=2&sort=email_asc`);
    expect(wide.total).toBe(50);
    expect(wide.items.map((u) => u.email.slice(0, 10))).toEqual(
      Array.from({ length: 20 }, (_, i) => `member-${pad(330 + i)}`),
    );
  });

  it("answers the parent picker's query: admins by name, 30 a page, one beyond that page found by its name", async () => {
    const { sup } = crowdOf;
    const picker = 'privilege_type=admin&sort=name_asc&limit=30';
    const first = await list(sup, picker);
    expect(first.items).toHaveLength(30);
    expect(first.total).toBe(COUNT);
    expect(first.items.at(-1)?.name).toBe('Member 029');
    const found = await list(sup, `${picker}&q=${encodeURIComponent('Member 340')}`);
    expect(found.items.map((u) => u.email)).toEqual(['member-340@crowd.example.test']);
    expect(found.total).toBe(1);
    const normals = await list(
      sup,
      `privilege_type=normal&sort=name_asc&limit=30&q=${encodeURIComponent('Member 340')}`,
    );
    expect(normals.total).toBe(0);
  });

  it('sorts the whole list, not one page: e-mail and name, both directions', async () => {
    const { sup } = crowdOf;
    const first = async (sort: string) => (await list(sup, `sort=${sort}&limit=10`)).items[0]?.email;
    expect(await first('email_asc')).toBe('member-000@crowd.example.test');
    expect(await first('email_desc')).toBe('member-349@crowd.example.test');
    expect(await first('name_asc')).toBe('member-000@crowd.example.test');
    expect(await first('created_asc')).toBe('member-000@crowd.example.test');
    const lastPage = await list(sup, 'sort=name_desc&limit=100&page=4');
    expect(lastPage.items.at(-1)?.email).toBe('member-000@crowd.example.test');
  });

  it('refuses an over-long search with 422 naming the field q and the rule, never a 5xx', async () => {
    const sup = await t.make.signedIn({ privilege_type: 'super' });
    for (const q of ['x'.repeat(101), 'あ'.repeat(10_000)]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/subordinates?q=${encodeURIComponent(q)}`,
        headers: sup.headers,
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ error: { fields: [{ field: 'q', rule: 'max_length' }] } });
    }
    const atLimit = await t.app.inject({
      method: 'GET',
      url: `/v1/subordinates?q=${encodeURIComponent('x'.repeat(100))}`,
      headers: sup.headers,
    });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
  });

  it('has an index for each sort of the list, within a tenant and over live users', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where tablename = 'users' and indexname like 'users_list_%'`.execute(
      t.db,
    );
    const byName = new Map(rows.map((r) => [r.indexname, r.indexdef]));
    for (const [name, column] of [
      ['users_list_created_idx', 'created_at'],
      ['users_list_updated_idx', 'updated_at'],
      ['users_list_name_idx', 'name'],
      ['users_list_email_idx', 'email'],
    ]) {
      expect(byName.get(name ?? '')).toMatch(
        new RegExp(`\\(domain_id, ${column}, id\\) WHERE \\(deleted_at IS NULL\\)`),
      );
    }
  });
});
