import type { PublicationState } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * The contents report (GET /contents_report): the vehicles that existed in a month (Japan time), one line each or
 * counted per owner, sleeping ones only with sleep=1, as each role sees them; a CSV with a BOM, CRLF and
 * neutralised formula cells.
 */

const t = useTestApp();
const BOM = '\uFEFF';
const jst = (text: string) => new Date(`${text}+09:00`);
const iso = (text: string) => jst(text).toISOString();

let sup: SignedInUser;
let admin: SignedInUser;
let admin2: SignedInUser;
let normal: SignedInUser;
let normal2: SignedInUser;
let master: SignedInUser;
let otherSup: SignedInUser;
/** Each seeded vehicle's id by its management ID. */
const ids: Record<string, string> = {};

interface Seed {
  owner: () => SignedInUser;
  mid: string;
  created: string;
  publication?: PublicationState;
  deleted?: string;
  slept?: string;
  maker?: string;
}

/** The month under report is March 2026; every date is Japan time. */
const SEEDS: Seed[] = [
  { owner: () => normal, mid: 'OLD', created: '2026-01-10T10:00:00', publication: 'published' },
  { owner: () => normal, mid: 'NEW', created: '2026-03-15T09:30:00', maker: '=SUM(A1)' },
  {
    owner: () => admin,
    mid: 'DELETED-IN-MONTH',
    created: '2026-02-01T08:00:00',
    publication: 'deleted',
    deleted: '2026-03-20T12:00:00',
  },
  {
    owner: () => admin,
    mid: 'GONE-BEFORE',
    created: '2025-12-01T08:00:00',
    publication: 'permanently_deleted',
    deleted: '2026-02-15T12:00:00',
  },
  {
    owner: () => admin,
    mid: 'TRASHED-BEFORE',
    created: '2025-12-01T08:00:00',
    publication: 'deleted',
    deleted: '2026-02-15T12:00:00',
  },
  { owner: () => normal, mid: 'FUTURE', created: '2026-04-02T10:00:00' },
  {
    owner: () => normal,
    mid: 'SLEEPING',
    created: '2026-01-05T10:00:00',
    publication: 'sleeping',
    slept: '2026-03-10T10:00:00',
  },
  {
    owner: () => normal,
    mid: 'SLEPT-AFTER',
    created: '2026-01-05T10:00:00',
    publication: 'sleeping',
    slept: '2026-04-05T10:00:00',
  },
  { owner: () => sup, mid: 'LAST-MINUTE', created: '2026-03-31T23:59:00', publication: 'limited_public' },
  { owner: () => sup, mid: 'FIRST-OF-APRIL', created: '2026-04-01T00:00:00', publication: 'published' },
  { owner: () => normal2, mid: 'OTHER-TEAM', created: '2026-03-02T10:00:00' },
];

beforeAll(async () => {
  const tenant = await t.make.tenant();
  sup = await t.make.signedIn({ tenant, privilege_type: 'super', name: 'Report Super' });
  admin = await t.make.signedIn({ tenant, privilege_type: 'admin', name: 'Report Admin' });
  admin2 = await t.make.signedIn({ tenant, privilege_type: 'admin', name: 'Second Admin' });
  normal = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin.id, name: 'Report Normal' });
  normal2 = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin2.id, name: '@Other' });
  master = await t.make.master();
  otherSup = await t.make.signedIn({ privilege_type: 'super', name: 'Elsewhere' });
  for (const s of SEEDS) {
    const [id] = await t.make.vehicles(s.owner(), {
      publication: s.publication ?? 'unpublished',
      fields: {
        management_id: s.mid,
        maker: s.maker ?? 'Toyota',
        car_name: 'Prius',
        created_at: jst(s.created),
        updated_at: jst(s.created),
        deleted_at: s.deleted ? jst(s.deleted) : null,
        slept_at: s.slept ? jst(s.slept) : null,
      },
    });
    ids[s.mid] = id ?? '';
  }
  const [elsewhere] = await t.make.vehicles(otherSup, {
    fields: { management_id: 'ELSEWHERE', created_at: jst('2026-03-05T10:00:00') },
  });
  ids.ELSEWHERE = elsewhere ?? '';
});

const report = (user: SignedInUser, query: Record<string, string>) =>
  call(t.app, user.contentToken, 'GET', `/api/browser/v0/contents_report?${new URLSearchParams(query)}`);

/** The file's records without the BOM (asserted once) and the empty string after the last CRLF. */
const lines = (body: string) => body.replace(BOM, '').split('\r\n').slice(0, -1);

function detailLine(mid: string): string {
  const s = SEEDS.find((x) => x.mid === mid);
  if (!s) throw new Error(mid);
  const owner = s.owner();
  const name = owner === normal2 ? "'@Other" : nameOf(owner);
  const maker = s.maker === '=SUM(A1)' ? "'=SUM(A1)" : (s.maker ?? 'Toyota');
  return [
    ids[mid],
    mid,
    maker,
    'Prius',
    name,
    s.publication ?? 'unpublished',
    iso(s.created),
    iso(s.created),
    s.deleted ? iso(s.deleted) : '',
  ].join(',');
}

function nameOf(user: SignedInUser): string {
  if (user === sup) return 'Report Super';
  if (user === admin) return 'Report Admin';
  if (user === normal) return 'Report Normal';
  throw new Error('unnamed owner');
}

const DETAIL_HEADER = 'id,management_id,maker,car_name,owner,publication,created_at,updated_at,deleted_at';
const SUMMARY_HEADER = 'owner_id,owner,registered,created,deleted,published,sleeping';

describe('detail', () => {
  it('lists each vehicle that existed in the month, in id order, sleeping ones left out by default', async () => {
    const res = await report(sup, { month: '2026-03', report_type: 'detail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="contents_report_2026-03_detail.csv"');
    expect(res.body.startsWith(BOM)).toBe(true);
    expect(lines(res.body)).toEqual([
      DETAIL_HEADER,
      ...['OLD', 'NEW', 'DELETED-IN-MONTH', 'TRASHED-BEFORE', 'SLEPT-AFTER', 'LAST-MINUTE', 'OTHER-TEAM'].map(
        detailLine,
      ),
    ]);
  });

  it('includes the vehicles sleeping at the month end with sleep=1', async () => {
    const res = await report(sup, { month: '2026-03', report_type: 'detail', sleep: '1' });
    expect(lines(res.body).slice(1)).toEqual(
      ['OLD', 'NEW', 'DELETED-IN-MONTH', 'TRASHED-BEFORE', 'SLEEPING', 'SLEPT-AFTER', 'LAST-MINUTE', 'OTHER-TEAM'].map(
        detailLine,
      ),
    );
  });

  it('neutralises formula cells (a maker and an owner name)', async () => {
    const res = await report(sup, { month: '2026-03', report_type: 'detail' });
    expect(res.body).toContain(",'=SUM(A1),");
    expect(res.body).toContain(",'@Other,");
    expect(res.body).not.toMatch(/,=SUM|,@Other/);
  });

  it('reads the month in Japan time: a vehicle of 1 April 00:00 JST belongs to April', async () => {
    const april = await report(sup, { month: '2026-04', report_type: 'detail' });
    const mids = lines(april.body)
      .slice(1)
      .map((l) => l.split(',')[1]);
    expect(mids).toContain('FIRST-OF-APRIL');
    expect(mids).toContain('FUTURE');
    // Permanently deleted in February: gone from March on, but still there in February.
    const february = await report(sup, { month: '2026-02', report_type: 'detail' });
    expect(february.body).toContain(',GONE-BEFORE,');
    expect(february.body).not.toContain(',NEW,');
  });
});

describe('summary', () => {
  it('is the default: per owner, registered at the month end, created and deleted in it, published, sleeping', async () => {
    const res = await report(sup, { month: '2026-03' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="contents_report_2026-03_summary.csv"');
    expect(res.body.startsWith(BOM)).toBe(true);
    expect(lines(res.body)).toEqual([
      SUMMARY_HEADER,
      `${sup.id},Report Super,1,1,0,1,0`,
      `${admin.id},Report Admin,0,0,1,0,0`,
      `${normal.id},Report Normal,3,1,0,1,0`,
      `${normal2.id},'@Other,1,1,0,0,0`,
    ]);
  });

  it('counts the sleeping vehicles with sleep=1', async () => {
    const res = await report(sup, { month: '2026-03', report_type: 'summary', sleep: '1' });
    expect(lines(res.body)).toContain(`${normal.id},Report Normal,4,1,0,1,1`);
  });

  it('accepts load_from_s3 and answers the same file', async () => {
    const plain = await report(sup, { month: '2026-03' });
    const s3 = await report(sup, { month: '2026-03', load_from_s3: '1' });
    expect(s3.statusCode).toBe(200);
    expect(s3.body).toBe(plain.body);
  });
});

describe('who sees what', () => {
  const mids = (body: string) =>
    lines(body)
      .slice(1)
      .map((l) => l.split(',')[1]);

  it('an admin sees their own and their normal users’ vehicles', async () => {
    const res = await report(admin, { month: '2026-03', report_type: 'detail' });
    expect(mids(res.body)).toEqual(['OLD', 'NEW', 'DELETED-IN-MONTH', 'TRASHED-BEFORE', 'SLEPT-AFTER']);
    const summary = await report(admin, { month: '2026-03' });
    expect(lines(summary.body).map((l) => l.split(',')[0])).toEqual(['owner_id', admin.id, normal.id]);
  });

  it('a normal user sees only their own', async () => {
    const res = await report(normal, { month: '2026-03', report_type: 'detail' });
    expect(mids(res.body)).toEqual(['OLD', 'NEW', 'SLEPT-AFTER']);
    const other = await report(admin2, { month: '2026-03', report_type: 'detail' });
    expect(mids(other.body)).toEqual(['OTHER-TEAM']);
  });

  it('master sees every tenant; another tenant’s super only their own', async () => {
    const all = await report(master, { month: '2026-03', report_type: 'detail' });
    expect(mids(all.body)).toEqual(expect.arrayContaining(['OLD', 'OTHER-TEAM', 'ELSEWHERE']));
    const elsewhere = await report(otherSup, { month: '2026-03', report_type: 'detail' });
    expect(mids(elsewhere.body)).toEqual(['ELSEWHERE']);
  });
});

describe('refusals', () => {
  it.each([{}, { month: '2026-13' }, { month: '2026-3' }, { month: 'March' }])(
    'refuses %j with 422 naming month',
    async (query) => {
      const res = await report(sup, query as Record<string, string>);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'month' })]);
    },
  );

  it('refuses an unknown type or sleep value naming the field', async () => {
    const type = await report(sup, { month: '2026-03', report_type: 'weekly' });
    expect(type.statusCode).toBe(422);
    expect(type.json().error.fields).toEqual([expect.objectContaining({ field: 'report_type', rule: 'one_of' })]);
    const sleep = await report(sup, { month: '2026-03', sleep: 'yes' });
    expect(sleep.statusCode).toBe(422);
    expect(sleep.json().error.fields).toEqual([expect.objectContaining({ field: 'sleep' })]);
  });

  it('answers 401 without the content token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/browser/v0/contents_report?month=2026-03' });
    expect(res.statusCode).toBe(401);
  });
});
