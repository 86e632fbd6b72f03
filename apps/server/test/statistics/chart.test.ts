import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/** The chart of /statistic/chart: its period rule, its sums per day, and the CSV (BOM, neutralised cells). */

const t = useTestApp();
let sup: SignedInUser;
let first: string;
let second: string;

beforeAll(async () => {
  sup = await t.make.signedIn({ tenant: await t.make.tenant(), privilege_type: 'super' });
  [first, second] = (await t.make.vehicles(sup, { count: 2, publication: 'published' })) as [string, string];
  await t.make.vehicles(sup, { publication: 'published', fields: { management_id: 'QUIET' } });
  await t.make.update.statisticCount(first, '2026-03-01', 'view', 3);
  await t.make.update.statisticCount(first, '2026-03-02', 'spin', 4);
  await t.make.update.statisticCount(second, '2026-03-02', 'view', 2);
  await t.make.update.statisticCount(second, '2026-03-05', 'hotspot_open', 7);
});

const chart = (query: Record<string, string>, user = sup) =>
  call(t.app, user.contentToken, 'GET', `/api/browser/v0/statistics/chart?${new URLSearchParams(query)}`);
const csv = (query: Record<string, string>, user = sup) =>
  call(t.app, user.contentToken, 'GET', `/api/browser/v0/statistics/chart/csv?${new URLSearchParams(query)}`);

describe('the period', () => {
  it('refuses more than one year with a field error on the end date', async () => {
    for (const call of [chart, csv]) {
      const res = await call({ from: '2025-03-01', to: '2026-03-02' });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'to', rule: 'range' })]);
    }
    expect((await chart({ from: '2025-03-02', to: '2026-03-02' })).statusCode).toBe(200);
  });

  it('refuses an end before the start and a date that does not exist', async () => {
    expect((await chart({ from: '2026-03-02', to: '2026-03-01' })).statusCode).toBe(422);
    const res = await chart({ from: '2026-02-30', to: '2026-03-01' });
    expect(res.json().error.fields[0].field).toBe('from');
  });
});

describe('the chart', () => {
  it('answers every day of the period, summed over every vehicle the caller sees', async () => {
    const res = await chart({ from: '2026-03-01', to: '2026-03-05' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(5);
    expect(body.days[0]).toEqual({ day: '2026-03-01', view: 3, spin: 0, interior_open: 0, hotspot_open: 0 });
    expect(body.days[1]).toEqual({ day: '2026-03-02', view: 2, spin: 4, interior_open: 0, hotspot_open: 0 });
    expect(body.totals).toEqual({ view: 5, spin: 4, interior_open: 0, hotspot_open: 7 });
  });

  it('narrows to the chosen vehicles', async () => {
    const body = (await chart({ from: '2026-03-01', to: '2026-03-05', content_ids: second })).json();
    expect(body.totals).toEqual({ view: 2, spin: 0, interior_open: 0, hotspot_open: 7 });
  });

  it('leaves out days outside the period', async () => {
    const body = (await chart({ from: '2026-03-03', to: '2026-03-04' })).json();
    expect(body.totals).toEqual({ view: 0, spin: 0, interior_open: 0, hotspot_open: 0 });
  });
});

describe('the CSV', () => {
  it('starts with a BOM, has a line per vehicle and day, and neutralises formula cells', async () => {
    const [evil] = (await t.make.vehicles(sup, {
      publication: 'published',
      fields: { management_id: 'EVIL-1', car_name: '=HYPERLINK("http://x","y")', maker: '+cmd|calc' },
    })) as [string];
    await t.make.update.statisticCount(evil, '2026-03-03', 'view', 1);
    const res = await csv({ from: '2026-03-01', to: '2026-03-05' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('statistics_20260301_20260305.csv');
    expect(
      res.body.startsWith(
        '\uFEFFdate,content_id,management_id,maker,car_name,view,spin,interior_open,hotspot_open\r\n',
      ),
    ).toBe(true);
    const lines = res.body
      .slice(1)
      .split('\r\n')
      .filter((l) => l !== '');
    expect(lines).toHaveLength(6);
    const evilLine = lines.find((l) => l.includes('EVIL-1')) ?? '';
    expect(evilLine).toContain(`'+cmd|calc`);
    expect(evilLine).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(lines.some((l) => l.includes('QUIET'))).toBe(false);
    expect(lines[1]).toMatch(new RegExp(`^2026-03-01,${first},`));
  });
});
