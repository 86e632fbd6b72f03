import { PARTNER_BILLING_HEADER, parseCsv } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * The partner billing report (issue 22, part 3): per month, one line per user of a corporation or its locations with
 * the partner's codes in their exact digit counts, formula cells neutralised; the codes refused on input unless
 * they have exactly their digits.
 */

const t = useTestApp();
let sup: SignedInUser;
let otherHq: string;

const report = (who: SignedInUser, query: string) =>
  call(t.app, who.token, 'GET', `/v1/partner-billing-report?${query}`);
const records = (body: string) => {
  const parsed = parseCsv(body.replace(/^\uFEFF/, ''));
  if (!parsed.ok) throw new Error('not a CSV');
  return parsed.records;
};

beforeAll(async () => {
  sup = await t.make.signedIn({
    privilege_type: 'super',
    domain: { companyCode: '0016', hostFlags: ['dealer_brand'] },
  });
  const hq = (await t.make.company({ domainId: sup.domainId, fields: { corporate_code: 'C-100' } })).id;
  const base = await t.make.company({ domainId: sup.domainId, parentCompanyId: hq, name: '=HYPERLINK("x")' });
  const staff = await t.make.user({
    tenant: sup.tenant,
    privilege_type: 'admin',
    name: 'Base staff',
    company_id: base.id,
    department: '012345',
    job_number: '00001234',
    authorizer_job_number: '00005678',
  });
  // Two vehicles in November (one published), one made in December: not in November's report.
  await t.make.vehicles(staff, { publication: 'published', fields: { created_at: new Date('2026-11-05T00:00:00Z') } });
  await t.make.vehicles(staff, { fields: { created_at: new Date('2026-11-20T00:00:00Z') } });
  await t.make.vehicles(staff, { fields: { created_at: new Date('2026-12-02T00:00:00Z') } });
  otherHq = (await t.make.company({ domainId: sup.domainId, name: 'Other corporation' })).id;
});

describe('GET /v1/partner-billing-report', () => {
  it("writes one line per user with the partner's codes, the month's vehicles, and neutralised formulas", async () => {
    const res = await report(sup, 'month=2026-11');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('partner_billing_0016_2026-11.csv');
    const [header, ...lines] = records(res.body);
    expect(header).toEqual([...PARTNER_BILLING_HEADER]);
    const staff = lines.find((l) => l[10] === 'Base staff');
    expect(staff).toEqual([
      '2026-11',
      '0016',
      'C-100',
      expect.any(String),
      '',
      `'=HYPERLINK("x")`,
      '012345',
      '00001234',
      '00005678',
      expect.any(String),
      'Base staff',
      '2',
      '2',
      '1',
    ]);
    // The super sits at the headquarters: a line with no location.
    expect(lines.find((l) => l[9] === sup.id)?.slice(4, 6)).toEqual(['', '']);
  });

  it('narrows to one corporation, and refuses an unknown one, a bad month and other roles', async () => {
    const one = records((await report(sup, `month=2026-11&headquarters_id=${otherHq}`)).body);
    expect(one).toHaveLength(1);
    expect((await report(sup, 'month=2026-11&headquarters_id=999999999')).statusCode).toBe(404);
    const bad = await report(sup, 'month=2026-13');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toBe('month');
    const admin = await t.make.signedIn({ tenant: sup.tenant, privilege_type: 'admin' });
    expect((await report(admin, 'month=2026-11')).statusCode).toBe(403);
  });
});

describe('partner billing codes on a user', () => {
  it('takes exactly 6, 8 and 8 half-width digits or nothing, and names each field otherwise', async () => {
    const body = {
      email: 'codes@partner.test',
      password: 'correct-horse-42',
      privilege_type: 'admin',
      name: 'Codes',
      department: '12345',
      job_number: '１２３４５６７８',
      authorizer_job_number: '123456789',
    };
    const bad = await call(t.app, sup.token, 'POST', '/v1/subordinates', body);
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().error.fields.map((f: { field: string; rule: string }) => `${f.field}:${f.rule}`);
    expect(fields.sort()).toEqual([
      'authorizer_job_number:exact_digits',
      'department:exact_digits',
      'job_number:exact_digits',
    ]);
    const ok = await call(t.app, sup.token, 'POST', '/v1/subordinates', {
      ...body,
      department: '123456',
      job_number: '12345678',
      authorizer_job_number: '',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ department: '123456', job_number: '12345678', authorizer_job_number: '' });
  });
});
