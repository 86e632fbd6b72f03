import { CONTENT_CSV_HEADER, parseCsv, periodQuery } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentListService } from '../../src/modules/contents/list-service.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * The vehicle list's CSV download (GET /contents?create_csv=1): a period of at most one month, the shared vehicle
 * format with a BOM and CRLF, formula cells neutralised, and the file streamed a batch at a time.
 */

const t = useTestApp();
let sup: SignedInUser;
let other: SignedInUser;
const BOM = '\uFEFF';
const jst = (text: string) => new Date(`${text}+09:00`);
const january = periodQuery('created', '2025-01-01', '2025-01-31');

const download = (user: SignedInUser, query: Record<string, string>) =>
  call(
    t.app,
    user.contentToken,
    'GET',
    `/api/browser/v0/contents?${new URLSearchParams({ create_csv: '1', ...query })}`,
  );

beforeAll(async () => {
  sup = await t.make.signedIn({ privilege_type: 'super', name: 'Csv Owner' });
  other = await t.make.signedIn({ privilege_type: 'super' });
  await t.make.vehicles(sup, {
    fields: {
      management_id: 'CSV-1',
      maker: '=SUM(A1)',
      car_name: 'Prius, "S"',
      price_with_tax: 1_500_000,
      created_at: jst('2025-01-15T12:00:00'),
    },
  });
  await t.make.vehicles(sup, {
    fields: { management_id: 'CSV-2', maker: '@cmd', created_at: jst('2025-02-01T00:00:00') },
  });
  await t.make.vehicles(other, { fields: { management_id: 'CSV-X', created_at: jst('2025-01-15T12:00:00') } });
});

describe('the CSV download', () => {
  it('refuses a period longer than one month with csv_period_too_long naming the end', async () => {
    const res = await download(sup, periodQuery('created', '2025-01-01', '2025-02-01') ?? {});
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('csv_period_too_long');
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'end_at' })]);
  });

  it('needs a period', async () => {
    const res = await download(sup, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'period', rule: 'required' })]);
  });

  it('answers the vehicle CSV of the period: BOM, CRLF, the shared header, formula cells neutralised', async () => {
    const res = await download(sup, january ?? {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="contents_20250101_20250131.csv"');
    expect(res.body.startsWith(BOM)).toBe(true);
    const text = res.body.slice(BOM.length);
    expect(text.split('\r\n')[0]).toBe(CONTENT_CSV_HEADER.join(','));
    expect(text.endsWith('\r\n')).toBe(true);
    const parsed = parseCsv(text);
    if (!parsed.ok) throw new Error('unreadable CSV');
    const [header, ...rows] = parsed.records;
    expect(header).toEqual([...CONTENT_CSV_HEADER]);
    // Only the caller's vehicle created in January (CSV-2 is 1 February in Japan; CSV-X is another tenant's).
    expect(rows).toHaveLength(1);
    const cell = (key: string) => rows[0]?.[CONTENT_CSV_HEADER.indexOf(key as never)];
    expect(cell('management_id')).toBe('CSV-1');
    expect(cell('maker')).toBe("'=SUM(A1)");
    expect(cell('car_name')).toBe('Prius, "S"');
    expect(cell('owner')).toBe('Csv Owner');
    expect(cell('price_with_tax')).toBe('1500000');
    expect(cell('created_at')).toBe('2025-01-15T03:00:00.000Z');
  });

  it('writes the list filters and the caller scope into the file too', async () => {
    const feb = periodQuery('created', '2025-01-20', '2025-02-10') ?? {};
    const res = await download(sup, { ...feb, search: 'csv-2' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').filter((l) => l !== '');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("'@cmd");
    const none = await download(other, { ...feb, search: 'csv-2' });
    expect(none.body.split('\r\n').filter((l) => l !== '')).toHaveLength(1);
  });
});

describe('streaming', () => {
  it('writes the rows a batch at a time, each vehicle once, in the sort order', async () => {
    const owner = await t.make.signedIn({ privilege_type: 'super' });
    // One insert: every vehicle has the same creation time, so batches follow the id after the time.
    const ids = await t.make.vehicles(owner, { count: 2500, fields: { created_at: jst('2025-03-10T00:00:00') } });
    const actor = {
      userId: owner.id,
      sessionId: owner.sessionId,
      domainId: owner.domainId,
      companyId: owner.companyId,
      privilegeType: owner.privilegeType,
      status: 'active' as const,
    };
    const query = {
      page: 1,
      limit: 10 as const,
      sort_by: 'created_asc' as const,
      ...periodQuery('created', '2025-03-01', '2025-03-31'),
    };
    const { stream } = await contentListService(t.db).csv(actor, query);
    const chunks: string[] = [];
    for await (const chunk of stream) chunks.push(String(chunk));
    // The header, then 1000 + 1000 + 500 rows: never one string of the whole file.
    expect(chunks).toHaveLength(4);
    const parsed = parseCsv(chunks.join('').slice(BOM.length));
    if (!parsed.ok) throw new Error('unreadable CSV');
    const written = parsed.records.slice(1).map((r) => r[0]);
    expect(written).toEqual([...ids].sort((a, b) => Number(a) - Number(b)));
  });
});
