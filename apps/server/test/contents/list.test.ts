import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TEXT } from '../../src/modules/contents/list-repo.ts';
import type { NewContent } from '../../src/modules/contents/repo.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * The vehicle list (GET /contents, POST /contents/list): every filter and sort answers exactly the expected
 * vehicles, keywords match any searchable field or the owner's name, pages and totals, the date-range rule, and
 * which vehicles each role sees.
 */

const t = useTestApp();

interface Team {
  sup: SignedInUser;
  admin: SignedInUser;
  normal: SignedInUser;
  admin2: SignedInUser;
  normal2: SignedInUser;
  master: SignedInUser;
  supB: SignedInUser;
}
let u: Team;
/** Vehicle ids by name. */
const v: Record<string, string> = {};

/** A moment in Japan time (the period's time zone). */
const jst = (text: string) => new Date(`${text}+09:00`);

async function make(
  name: string,
  owner: SignedInUser,
  fields: Partial<NewContent>,
  publication?: NewContent['publication'],
) {
  const [id] = await t.make.vehicles(owner, {
    fields: { management_id: `MG-${name}`, ...fields },
    ...(publication ? { publication } : {}),
  });
  if (id === undefined) throw new Error('no vehicle');
  v[name] = id;
}

beforeAll(async () => {
  const tenant = await t.make.tenant();
  const sup = await t.make.signedIn({ tenant, privilege_type: 'super', name: 'Sakura Super' });
  const admin = await t.make.signedIn({ tenant, privilege_type: 'admin', name: 'Aoki Admin' });
  const normal = await t.make.signedInUnder(admin, { name: 'Nakamura Hanako' });
  const admin2 = await t.make.signedIn({ tenant, privilege_type: 'admin', name: 'Ishida Other' });
  const normal2 = await t.make.signedInUnder(admin2, { name: 'Ueda Jiro' });
  const master = await t.make.master();
  const supB = await t.make.signedIn({ privilege_type: 'super', name: 'Nakamura Other Tenant' });
  u = { sup, admin, normal, admin2, normal2, master, supB };

  await make('prius', admin, {
    maker: 'Toyota',
    car_name: 'Prius',
    body_color: 'White',
    first_registration_year: 2018,
    repair_history: 'no',
    chassis_number: 'ZVW30-1111111',
    listing_id: 'LST-100',
    has_exterior: true,
    created_at: jst('2025-01-10T10:00:00'),
    updated_at: jst('2025-03-05T10:00:00'),
  });
  await make('fit', normal, {
    maker: 'Honda',
    car_name: 'Fit',
    body_color: 'Red',
    first_registration_year: 2019,
    repair_history: 'yes',
    has_interior: true,
    has_web_negotiation: true,
    listing_link: 'linked',
    created_at: jst('2025-01-31T23:30:00'),
    updated_at: jst('2025-03-01T10:00:00'),
  });
  await make('cruiser', sup, {
    maker: 'toyota',
    car_name: 'Land Cruiser',
    body_color: 'Pearl White',
    first_registration_year: 2020,
    has_rider_view: true,
    has_category_images: true,
    created_at: jst('2025-02-01T00:00:00'),
    updated_at: jst('2025-03-03T10:00:00'),
  });
  await make('note', normal2, {
    maker: 'Nissan',
    car_name: 'Note 50%_off',
    body_color: 'Black',
    listing_link: 'waiting',
    created_at: jst('2024-12-31T23:59:00'),
    updated_at: jst('2025-03-04T10:00:00'),
  });
  await make('sleeping', sup, { maker: 'Mazda', created_at: jst('2025-01-05T00:00:00') }, 'sleeping');
  await make('trash', sup, { maker: 'Subaru', created_at: jst('2025-01-06T00:00:00') }, 'deleted');
  await make('gone', sup, { maker: 'Toyota', created_at: jst('2025-01-07T00:00:00') }, 'permanently_deleted');
  await make('other', supB, { maker: 'Toyota', car_name: 'Prius', created_at: jst('2025-01-11T00:00:00') });
});

async function list(user: SignedInUser, query: Record<string, string> = {}) {
  const res = await call(
    t.app,
    user.contentToken,
    'GET',
    `/api/browser/v0/contents?${new URLSearchParams({ limit: '300', ...query })}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { id: string; owner: { name: string } }[]; total: number; page: number; limit: number };
}

/** The names of the vehicles answered, in order. */
async function names(user: SignedInUser, query: Record<string, string> = {}) {
  const byId = new Map(Object.entries(v).map(([name, id]) => [id, name]));
  const page = await list(user, query);
  expect(page.total).toBe(page.items.length);
  return page.items.map((item) => byId.get(item.id));
}
const sorted = async (user: SignedInUser, query: Record<string, string> = {}) => (await names(user, query)).sort();

describe('which vehicles each role sees', () => {
  it('super: every listed vehicle of the company; sleeping, deleted and other tenants are not listed', async () => {
    expect(await sorted(u.sup)).toEqual(['cruiser', 'fit', 'note', 'prius']);
  });

  it('admin: their own and their normal users', async () => {
    expect(await sorted(u.admin)).toEqual(['fit', 'prius']);
    expect(await sorted(u.admin2)).toEqual(['note']);
  });

  it('normal: their own only', async () => {
    expect(await sorted(u.normal)).toEqual(['fit']);
  });

  it('master: every company', async () => {
    const all = await names(u.master, { search: 'MG-' });
    expect(all.sort()).toEqual(['cruiser', 'fit', 'note', 'other', 'prius']);
  });
});

describe('sorts', () => {
  it('orders by creation or update, newest or oldest first (newest created by default)', async () => {
    expect(await names(u.sup)).toEqual(['cruiser', 'fit', 'prius', 'note']);
    expect(await names(u.sup, { sort_by: 'created_desc' })).toEqual(['cruiser', 'fit', 'prius', 'note']);
    expect(await names(u.sup, { sort_by: 'created_asc' })).toEqual(['note', 'prius', 'fit', 'cruiser']);
    expect(await names(u.sup, { sort_by: 'updated_desc' })).toEqual(['prius', 'note', 'cruiser', 'fit']);
    expect(await names(u.sup, { sort_by: 'updated_asc' })).toEqual(['fit', 'cruiser', 'note', 'prius']);
  });
});

describe('filters', () => {
  it.each([
    ['has_exterior', '1', ['prius']],
    ['has_exterior', '0', ['cruiser', 'fit', 'note']],
    ['has_interior', '1', ['fit']],
    ['has_interior', '0', ['cruiser', 'note', 'prius']],
    ['has_rider_view', '1', ['cruiser']],
    ['has_category_images', '1', ['cruiser']],
    ['has_category_images', '0', ['fit', 'note', 'prius']],
    ['web_negotiation_group', '1', ['fit']],
    ['web_negotiation_group', '0', ['cruiser', 'note', 'prius']],
    ['cs', '1', ['fit', 'note']],
    ['cs', '0', ['cruiser', 'prius']],
    ['manufacturer', 'TOYO', ['cruiser', 'prius']],
    ['manufacturer', 'honda', ['fit']],
    ['body_color', 'white', ['cruiser', 'prius']],
    ['first_registration', '2019', ['fit']],
    ['repair', 'yes', ['fit']],
    ['repair', 'no', ['prius']],
    ['publish', 'deleted', ['trash']],
    ['publish', 'sleeping', ['sleeping']],
    ['publish', 'unpublished', ['cruiser', 'fit', 'note', 'prius']],
    ['sleeped_contents', '1', ['sleeping']],
    ['sleeped_contents', '0', ['cruiser', 'fit', 'note', 'prius']],
  ])('%s=%s lists exactly %j', async (name, value, expected) => {
    expect(await sorted(u.sup, { [name]: value })).toEqual(expected);
  });

  it('filters by owner, within what the caller sees', async () => {
    expect(await sorted(u.sup, { user_id: u.normal.id })).toEqual(['fit']);
    expect(await sorted(u.admin, { user_id: u.normal2.id })).toEqual([]);
    expect(await sorted(u.supB, { user_id: u.admin.id })).toEqual([]);
  });

  it('combines filters (every one must hold)', async () => {
    expect(await sorted(u.sup, { manufacturer: 'toyota', has_rider_view: '1' })).toEqual(['cruiser']);
    expect(await sorted(u.sup, { manufacturer: 'toyota', has_rider_view: '1', repair: 'no' })).toEqual([]);
  });

  it('lists a published vehicle by its state, and a sleeping one asked for twice over as nothing', async () => {
    expect(await sorted(u.sup, { publish: 'published' })).toEqual([]);
    expect(await sorted(u.sup, { publish: 'deleted', sleeped_contents: '1' })).toEqual([]);
  });
});

describe('keywords', () => {
  it.each([
    ['prius', ['prius']],
    ['cruis', ['cruiser']],
    ['mg-no', ['note']],
    ['zvw30', ['prius']],
    ['lst-1', ['prius']],
    ['nakamura', ['fit']],
    ['aoki', ['prius']],
    ['TOYOTA', ['cruiser', 'prius']],
  ])('%s matches in any searchable field or the owner name', async (search, expected) => {
    expect(await sorted(u.sup, { search })).toEqual(expected);
  });

  it('needs every comma-separated keyword to match, each in any field', async () => {
    expect(await sorted(u.sup, { search: 'toyota, mg-' })).toEqual(['cruiser', 'prius']);
    expect(await sorted(u.sup, { search: 'toyota, zvw30' })).toEqual(['prius']);
    // The colour is a filter of its own, not a searchable text.
    expect(await sorted(u.sup, { search: 'toyota, white' })).toEqual([]);
    expect(await sorted(u.sup, { search: 'toyota、land' })).toEqual(['cruiser']);
    expect(await sorted(u.sup, { search: 'toyota, aoki' })).toEqual(['prius']);
    expect(await sorted(u.sup, { search: 'toyota, honda' })).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(await sorted(u.sup, { search: '50%_' })).toEqual(['note']);
    expect(await sorted(u.sup, { search: '%' })).toEqual(['note']);
  });

  it("never finds another tenant's vehicle, nor through an owner name of another tenant", async () => {
    expect(await sorted(u.supB, { search: 'prius' })).toEqual(['other']);
    expect(await sorted(u.sup, { search: 'nakamura other' })).toEqual([]);
  });

  it('refuses a search text over 100 characters naming the field', async () => {
    const res = await call(t.app, u.sup.contentToken, 'GET', `/api/browser/v0/contents?search=${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'search', rule: 'max_length' })]);
  });

  it('finds Japanese and full-width text in any case, through trigrams of the database', async () => {
    const owner = await t.make.signedIn({ privilege_type: 'super', name: '佐藤 一郎' });
    const [id] = await t.make.vehicles(owner, { fields: { maker: 'ＴＯＹＯＴＡ', car_name: 'プリウスα' } });
    const found = async (search: string) => (await list(owner, { search })).items.map((i) => i.id);
    expect(await found('ｔｏｙｏｔａ, プリウス')).toEqual([id]);
    expect(await found('佐藤')).toEqual([id]);
    expect(await found('アクア')).toEqual([]);
    // Without a UTF-8 character classification pg_trgm finds no trigram in Japanese and scans every row.
    const trigrams = await sql<{ n: number }>`select cardinality(show_trgm('プリウス'))::int as n`.execute(t.db);
    expect(trigrams.rows[0]?.n).toBeGreaterThan(0);
  });

  it('is served by the trigram index over the searchable texts', async () => {
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await sql<{
        'QUERY PLAN': string;
      }>`explain select id from contents where ${SEARCH_TEXT} like '%prius%'`.execute(trx);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('contents_search_trgm_idx');
  });
});

describe('the date range', () => {
  it('lists vehicles created from the first picked day to the end of the last, in Japan time', async () => {
    const jan = { period: 'created', start_at: '2025-01-01 00:00:00', end_at: '2025-02-01 00:00:00' };
    expect(await sorted(u.sup, jan)).toEqual(['fit', 'prius']);
    expect(await sorted(u.sup, { ...jan, end_at: '2025-02-02 00:00:00' })).toEqual(['cruiser', 'fit', 'prius']);
    expect(await sorted(u.sup, { ...jan, start_at: '2024-12-31 00:00:00' })).toEqual(['fit', 'note', 'prius']);
  });

  it('reads the updated date for period=updated', async () => {
    const q = { period: 'updated', start_at: '2025-03-03 00:00:00', end_at: '2025-03-05 00:00:00' };
    expect(await sorted(u.sup, q)).toEqual(['cruiser', 'note']);
  });

  it('refuses an end before the start and a missing date, naming the field', async () => {
    const bad = async (query: Record<string, string>) => {
      const res = await call(
        t.app,
        u.sup.contentToken,
        'GET',
        `/api/browser/v0/contents?${new URLSearchParams(query)}`,
      );
      expect(res.statusCode).toBe(422);
      return res.json().error.fields.map((f: { field: string; rule: string }) => `${f.field}:${f.rule}`);
    };
    expect(await bad({ period: 'created', start_at: '2025-02-01 00:00:00', end_at: '2025-01-01 00:00:00' })).toEqual([
      'end_at:range',
    ]);
    expect(await bad({ period: 'created', start_at: '2025-02-01 00:00:00' })).toEqual(['end_at:required']);
  });
});

describe('pages', () => {
  let owner: SignedInUser;
  beforeAll(async () => {
    owner = await t.make.signedIn({ privilege_type: 'super' });
    await t.make.vehicles(owner, { count: 25 });
  });

  it('answers the asked page of the asked size with the total of the whole list', async () => {
    const get = async (query: Record<string, string>) => {
      const res = await call(
        t.app,
        owner.contentToken,
        'GET',
        `/api/browser/v0/contents?${new URLSearchParams(query)}`,
      );
      expect(res.statusCode).toBe(200);
      return res.json() as { items: { id: string }[]; total: number; page: number; limit: number };
    };
    const first = await get({});
    expect(first).toMatchObject({ total: 25, page: 1, limit: 10 });
    expect(first.items).toHaveLength(10);
    const third = await get({ page: '3' });
    expect(third.items).toHaveLength(5);
    const beyond = await get({ page: '4' });
    expect(beyond).toMatchObject({ items: [], total: 25, page: 4 });
    const all = await get({ limit: '30' });
    expect(all.items.map((i) => i.id)).toEqual([
      ...first.items.map((i) => i.id),
      ...(await get({ page: '2' })).items.map((i) => i.id),
      ...third.items.map((i) => i.id),
    ]);
    const res = await call(t.app, owner.contentToken, 'GET', '/api/browser/v0/contents?limit=20');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'limit', rule: 'one_of' })]);
  });
});

describe('the items', () => {
  it('carry the owner, the creator and the running processes of each vehicle', async () => {
    const owner = await t.make.signedIn({ privilege_type: 'super', name: 'Process Owner' });
    const [busy] = await t.make.vehicles(owner, { process: 'running' });
    const [done] = await t.make.vehicles(owner, { process: 'succeeded' });
    const page = (await list(owner)) as unknown as {
      items: {
        id: string;
        owner: { id: string; name: string };
        creator_id: string;
        processes: { process: string; status: string }[];
      }[];
    };
    const item = (id: string | undefined) => page.items.find((i) => i.id === id);
    expect(item(busy)?.owner).toEqual({ id: owner.id, name: 'Process Owner' });
    // The list's link actions are offered to the vehicle's creator only (first document section 6).
    expect(item(busy)?.creator_id).toBe(owner.id);
    expect(item(busy)?.processes).toEqual([expect.objectContaining({ process: 'blur', status: 'running' })]);
    expect(item(done)?.processes).toEqual([]);
  });
});

describe('POST /contents/list', () => {
  it('takes the same conditions as a JSON body', async () => {
    const res = await call(t.app, u.sup.contentToken, 'POST', '/api/browser/v0/contents/list', {
      search: 'toyota',
      has_exterior: true,
      limit: 30,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual([v.prius]);
    const bad = await call(t.app, u.sup.contentToken, 'POST', '/api/browser/v0/contents/list', { sort_by: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual([expect.objectContaining({ field: 'sort_by' })]);
  });
});
