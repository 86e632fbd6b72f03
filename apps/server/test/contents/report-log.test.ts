import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/** `/contents-report/log` (issue 22, part 3): each contents report asked for, newest first, seen by its scope. */

const t = useTestApp();
let sup: SignedInUser;
let admin: SignedInUser;

const download = (who: SignedInUser, query: string) =>
  call(t.app, who.contentToken, 'GET', `/api/browser/v0/contents_report?${query}`);
const log = (who: SignedInUser, query = '') =>
  call(t.app, who.contentToken, 'GET', `/api/browser/v0/contents-report/log${query}`);

beforeAll(async () => {
  sup = await t.make.signedIn({ privilege_type: 'super' });
  admin = await t.make.signedIn({ tenant: sup.tenant, privilege_type: 'admin' });
  expect((await download(admin, 'month=2026-10&report_type=detail&sleep=1')).statusCode).toBe(200);
  expect((await download(sup, 'month=2026-11')).statusCode).toBe(200);
});

describe('GET /api/browser/v0/contents-report/log', () => {
  it('gives a super every download of the domain, newest first, and anyone else their own', async () => {
    const all = await log(sup);
    expect(all.statusCode).toBe(200);
    expect(all.json().items.map((e: { month: string }) => e.month)).toEqual(['2026-11', '2026-10']);
    expect(all.json().items[1]).toMatchObject({ user_id: admin.id, report_type: 'detail', sleep: true });
    const own = await log(admin);
    expect(own.json()).toMatchObject({ total: 1, items: [{ month: '2026-10', report_type: 'detail' }] });
  });

  it('logs nothing for a refused report, and pages with a bounded limit', async () => {
    expect((await download(sup, 'month=2026-13')).statusCode).toBe(422);
    expect((await log(sup, '?limit=1&page=2')).json()).toMatchObject({
      total: 2,
      page: 2,
      items: [{ month: '2026-10' }],
    });
    const bad = await log(sup, '?limit=1000');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toBe('limit');
  });
});
