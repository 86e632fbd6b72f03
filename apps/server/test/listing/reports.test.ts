import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpListing } from '../../src/platform/listing/http.ts';
import { createLocalListing } from '../../src/platform/listing/local-partner.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { type FakeListing, startFakeListing } from '../helpers/fake-listing.ts';
import { call } from '../helpers/http.ts';

/**
 * The master's listing reports (the statistics submenu's `/statistic/cs-chart` and `/statistic/cs-criteo-chart`)
 * through the HTTP adapter and the fake partner: every dealer's link statistics per company and day with their CSV
 * (formula cells neutralised), a dealer's advertising report read with that dealer's own partner session, the
 * period rules (a year for the figures, a month for a file) named on their field, and anyone but master refused.
 */

const API = '/api/browser/v0';
let fake: FakeListing;

beforeAll(async () => {
  fake = await startFakeListing();
  fake.partner.addClient({ loginId: 'report-dealer', password: 'partner-pass' });
  fake.partner.addProperty({ propertyCode: 'RP-1', vin: 'VIN-RP-1', title: 'Car', owner: 'report-dealer' });
});
afterAll(() => fake?.close());

const t = useTestApp({
  get listing() {
    return createHttpListing({ url: fake.url, timeoutMs: 1500 });
  },
});

let master: SignedInUser;
let dealer: SignedInUser;
let vehicle = '';
const api = (who: SignedInUser, url: string) => call(t.app, who.contentToken, 'GET', `${API}${url}`);
const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
const period = `from=${today}&to=${today}`;

beforeAll(async () => {
  master = await t.make.master();
  // A company name a spreadsheet would run as a formula: the CSV must neutralise it.
  const tenant = await t.make.tenant({ options: { listing_link: true }, companyName: '=HYPERLINK("x")' });
  dealer = await t.make.signedIn({ tenant, image_system: JSON.stringify({ cs_join: true }) });
  [vehicle] = (await t.make.vehicles(dealer, { fields: { listing_id: 'RP-1', has_exterior: true } })) as [string];
  const login = { login_id: 'report-dealer', password: 'partner-pass' };
  expect((await call(t.app, dealer.contentToken, 'POST', `${API}/cs/login`, login)).statusCode).toBe(200);
  const link = await call(t.app, dealer.contentToken, 'POST', `${API}/cs/contents/register`, {
    content_ids: [vehicle],
  });
  expect(link.json().items[0].state).toBe('linked');
});

describe("master's link statistics (/statistic/cs-chart)", () => {
  it('counts each company of dealers with a partner account, per day, and the totals', async () => {
    const res = await api(master, `/cs/report/all?${period}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const row = body.companies.find((c: { company_id: string }) => c.company_id === dealer.companyId);
    expect(row).toMatchObject({ company_name: '=HYPERLINK("x")', accounts: 1, new: 1, remaining: 0, failed: 0 });
    expect(body.days).toEqual([expect.objectContaining({ day: today })]);
    expect(body.days[0].new).toBe(body.totals.new);
    expect(body.totals.new).toBeGreaterThanOrEqual(1);
  });

  it('writes the CSV a line per company and day, the formula neutralised', async () => {
    const res = await api(master, `/cs/report/all/csv?${period}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('date,domain,company_id,company_name,new,republished,unpublished,deleted,failed');
    const line = lines.find((l) => l.includes(dealer.companyId ?? '-'));
    expect(line).toContain(`${today},`);
    expect(line).toContain(`"'=HYPERLINK(""x"")",1,0,0,0,0`);
  });

  it('names `to` when the period passes a year, or a month for the CSV, and `from` when it is no date', async () => {
    const cases: [string, string, string][] = [
      ['/cs/report/all?from=2026-01-01&to=2027-01-02', 'to', 'range'],
      ['/cs/report/all?from=2026-02-01&to=2026-01-31', 'to', 'range'],
      ['/cs/report/all?from=2026-13-01&to=2026-12-31', 'from', 'format'],
      ['/cs/report/all/csv?from=2026-01-01&to=2026-02-02', 'to', 'range'],
      [`/cs/report/criteo/csv?user_id=${dealer.id}&from=2026-01-01&to=2026-03-01`, 'to', 'range'],
    ];
    for (const [url, field, rule] of cases) {
      const res = await api(master, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error.fields, url).toEqual([expect.objectContaining({ field, rule })]);
    }
    const year = await api(master, '/cs/report/all?from=2026-01-01&to=2027-01-01');
    expect(year.statusCode).toBe(200);
    expect(year.json().days).toHaveLength(366);
  });
});

describe("master's advertising report (/statistic/cs-criteo-chart)", () => {
  it("lists the dealers' partner accounts and reads one's advertising with their session", async () => {
    const accounts = await api(master, '/cs/report/accounts');
    expect(accounts.json().items).toContainEqual(
      expect.objectContaining({ user_id: dealer.id, login_id: 'report-dealer', signed_in: true }),
    );
    const before = fake.calls('ads');
    const res = await api(master, `/cs/report/criteo?user_id=${dealer.id}&from=2026-11-01&to=2026-11-07`);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.calls('ads')).toBe(before + 1);
    const body = res.json();
    expect(body.days).toHaveLength(7);
    expect(body.totals.impressions).toBe(
      body.days.reduce((s: number, d: { impressions: number }) => s + d.impressions, 0),
    );
    expect(body.days[0].clicks).toBeLessThan(body.days[0].impressions);
    const csv = await api(master, `/cs/report/criteo/csv?user_id=${dealer.id}&from=2026-11-01&to=2026-11-07`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('date,impressions,clicks,cost,conversions');
    expect(lines[1]).toBe(
      ['2026-11-01', ...['impressions', 'clicks', 'cost', 'conversions'].map((k) => body.days[0][k])].join(','),
    );
  });

  it('is answered by the local partner too (the default without a partner configured), with no invented figure', async () => {
    const local = createLocalListing();
    const { token } = await local.signIn({ loginId: 'local', password: 'pw', corporationCode: '', contactCode: '' });
    const days = await local.adReport(token, { from: '2026-11-01', to: '2026-11-03' });
    expect(days.map((d) => d.day)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    // The local partner is no listing site: nobody saw an ad there, so every figure is 0, never a made-up one.
    expect(days.every((d) => d.impressions === 0 && d.clicks === 0 && d.cost === 0 && d.conversions === 0)).toBe(true);
    const views = await local.reportAggregate(token, { from: '2026-11-01', to: '2026-11-03' });
    expect(views.every((d) => d.views === 0 && d.inquiries === 0)).toBe(true);
  });

  it("answers the partner's refusals and a dealer without an account plainly, never a 500", async () => {
    const q = '&from=2026-11-01&to=2026-11-02';
    fake.inject('ads', { kind: 'outside_hours' });
    const closed = await api(master, `/cs/report/criteo?user_id=${dealer.id}${q}`);
    expect(closed.statusCode).toBe(503);
    expect(closed.json().error.code).toBe('listing_outside_hours');
    const stranger = await t.make.signedIn({ tenant: dealer.tenant, privilege_type: 'admin' });
    expect((await api(master, `/cs/report/criteo?user_id=${stranger.id}${q}`)).statusCode).toBe(404);
    expect((await api(master, `/cs/report/criteo?user_id=nope${q}`)).json().error.fields[0].field).toBe('user_id');
  });

  it('says the dealer is signed out of the partner (409) rather than reading anything', async () => {
    await call(t.app, dealer.contentToken, 'POST', `${API}/cs/logout`);
    const res = await api(master, `/cs/report/criteo?user_id=${dealer.id}&${period}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('listing_login_required');
  });
});

describe('who may read them', () => {
  it('refuses anyone but master with 403, a joined dealer included', async () => {
    for (const url of [
      `/cs/report/all?${period}`,
      `/cs/report/all/csv?${period}`,
      '/cs/report/accounts',
      `/cs/report/criteo?user_id=${dealer.id}&${period}`,
      `/cs/report/criteo/csv?user_id=${dealer.id}&${period}`,
    ]) {
      const res = await api(dealer, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('forbidden');
    }
  });
});
