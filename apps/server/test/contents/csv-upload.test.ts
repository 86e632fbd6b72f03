import { CSV_MAX_BYTES, CSV_MAX_CONTENTS } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { csvFile, csvLines, downloadCsv, linesOf, savedAsIs, snapshot, uploadCsv } from './csv-upload-helpers.ts';

const t = useTestApp();

async function dealer(count = 3, fields: Record<string, unknown> = {}) {
  const sup = await t.make.signedIn({ privilege_type: 'super' });
  const ids = await t.make.vehicles(sup, { count, fields: { maker: 'Toyota', car_name: 'Prius', ...fields } });
  return { sup, ids };
}

describe('POST /contents/csv: a downloaded file comes back', () => {
  it('changes the two edited vehicles of a downloaded file and nothing else', async () => {
    const { sup, ids } = await dealer(3);
    const lines = linesOf(await downloadCsv(t.app, sup));
    expect(lines.map((l) => l.id).sort()).toEqual([...ids].sort());
    const before = await snapshot(t.db, ids);
    const [first, second] = lines;
    if (!first || !second) throw new Error('two lines expected');
    first.car_name = 'アクア';
    first.mileage = '12000';
    second.first_registration_year = '2020';
    second.first_registration_month = '3';

    const res = await uploadCsv(t.app, sup, savedAsIs(lines));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2, unchanged: 1 });

    const after = new Map((await snapshot(t.db, ids)).map((r) => [r.id, r]));
    expect(after.get(first.id)).toMatchObject({ car_name: 'アクア', mileage: 12000, maker: 'Toyota' });
    expect(after.get(second.id)).toMatchObject({ first_registration_year: 2020, first_registration_month: 3 });
    const untouched = before.find((r) => r.id !== first.id && r.id !== second.id);
    expect(after.get(untouched?.id ?? '')).toEqual(untouched);
  });

  it('reads formula-like cells back as stored: an unchanged download changes nothing', async () => {
    const { sup, ids } = await dealer(1, { maker: '=SUM(A1)', phone: '+81-3-1234-5678', store: '@本店' });
    const text = await downloadCsv(t.app, sup);
    expect(text).toContain("'=SUM(A1)");
    const before = await snapshot(t.db, ids);

    const same = await uploadCsv(t.app, sup, text);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual({ updated: 0, unchanged: 1 });
    expect(await snapshot(t.db, ids)).toEqual(before);

    const lines = linesOf(text);
    for (const l of lines) l.car_name = 'Corolla';
    expect((await uploadCsv(t.app, sup, savedAsIs(lines))).json()).toEqual({ updated: 1, unchanged: 0 });
    const [after] = await snapshot(t.db, ids);
    expect(after).toMatchObject({ maker: '=SUM(A1)', phone: '+81-3-1234-5678', store: '@本店', car_name: 'Corolla' });
  });

  it('lets two vehicles swap their management IDs', async () => {
    const { sup, ids } = await dealer(2);
    const lines = await csvLines(t.db, ids);
    const [a, b] = lines;
    if (!a || !b) throw new Error('two lines expected');
    [a.management_id, b.management_id] = [b.management_id, a.management_id];
    const res = await uploadCsv(t.app, sup, csvFile(lines));
    expect(res.statusCode, res.body).toBe(200);
    const after = await snapshot(t.db, ids);
    expect(after.map((r) => r.management_id)).toEqual([a.management_id, b.management_id]);
  });

  it(`takes ${CSV_MAX_CONTENTS} vehicles at once`, async () => {
    const { sup, ids } = await dealer(CSV_MAX_CONTENTS);
    const lines = await csvLines(t.db, ids);
    for (const l of lines) l.body_color = 'Red';
    const res = await uploadCsv(t.app, sup, csvFile(lines));
    expect(res.json()).toEqual({ updated: CSV_MAX_CONTENTS, unchanged: 0 });
  });

  it('POST /contents/csv_check gives the verdict and changes nothing', async () => {
    const { sup, ids } = await dealer(2);
    const lines = await csvLines(t.db, ids);
    for (const l of lines) l.maker = 'Honda';
    const before = await snapshot(t.db, ids);
    const ok = await uploadCsv(t.app, sup, csvFile(lines), 'csv_check');
    expect(ok.json()).toEqual({ updated: 2, unchanged: 0 });
    const [first] = lines;
    if (first) first.first_registration_year = '1800';
    const refused = await uploadCsv(t.app, sup, csvFile(lines), 'csv_check');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual([
      expect.objectContaining({ field: 'rows.1.first_registration_year', rule: 'range' }),
    ]);
    expect(await snapshot(t.db, ids)).toEqual(before);
  });
});

describe('POST /contents/csv: a refused row refuses the file and changes nothing', () => {
  type Case = [
    string,
    (ctx: { sup: SignedInUser; ids: string[] }) => Promise<Record<string, string>>,
    { field: string; rule: string; params?: Record<string, unknown> },
  ];
  const cases: Case[] = [
    [
      'empty management ID (item 15)',
      async () => ({ management_id: '' }),
      { field: 'rows.2.management_id', rule: 'csv_required_cell_empty' },
    ],
    ['empty id', async () => ({ id: '' }), { field: 'rows.2.id', rule: 'csv_required_cell_empty' }],
    [
      'a year out of range',
      async () => ({ first_registration_year: '1800' }),
      { field: 'rows.2.first_registration_year', rule: 'range', params: { min: 1900, max: 2100 } },
    ],
    [
      'a maker too long',
      async () => ({ maker: 'x'.repeat(51) }),
      { field: 'rows.2.maker', rule: 'max_length', params: { max: 50 } },
    ],
    ['an unknown id', async () => ({ id: '999999999' }), { field: 'rows.2.id', rule: 'csv_unknown_content' }],
    [
      "another tenant's vehicle",
      async () => {
        const other = await t.make.signedIn({ privilege_type: 'super' });
        const [id] = await t.make.vehicles(other);
        return { id: id ?? '' };
      },
      { field: 'rows.2.id', rule: 'csv_unknown_content' },
    ],
    [
      'a deleted vehicle',
      async ({ sup }) => {
        const [id] = await t.make.vehicles(sup, { publication: 'deleted' });
        const [line] = await csvLines(t.db, [id ?? '']);
        return { ...line, maker: 'Mazda' };
      },
      { field: 'rows.2.id', rule: 'csv_unknown_content' },
    ],
    [
      'a management ID another vehicle holds',
      async ({ sup }) => {
        const [id] = await t.make.vehicles(sup, { fields: { management_id: `taken-${Date.now()}` } });
        const [line] = await csvLines(t.db, [id ?? '']);
        return { management_id: line?.management_id ?? '' };
      },
      { field: 'rows.2.management_id', rule: 'duplicate_vehicle_id' },
    ],
    [
      'a listing-linked vehicle',
      async ({ sup }) => {
        const [id] = await t.make.vehicles(sup, { fields: { listing_link: 'linked' } });
        const [line] = await csvLines(t.db, [id ?? '']);
        return { ...line, maker: 'Mazda' };
      },
      { field: 'rows.2.id', rule: 'content_linked' },
    ],
    [
      'a vehicle a running transfer locks',
      async ({ sup }) => {
        const [id] = await t.make.vehicles(sup, { process: 'running', processName: 'transfer' });
        const [line] = await csvLines(t.db, [id ?? '']);
        return { ...line, maker: 'Mazda' };
      },
      { field: 'rows.2.id', rule: 'content_locked', params: { process: 'transfer' } },
    ],
  ];

  it.each(cases)('%s', async (_name, row2, expected) => {
    const { sup, ids } = await dealer(2);
    const lines = await csvLines(t.db, ids);
    const [first, second] = lines;
    if (!first || !second) throw new Error('two lines expected');
    // A valid change on row 1 that must not be written.
    first.car_name = 'Changed';
    Object.assign(second, { car_name: 'Changed too' }, await row2({ sup, ids }));
    const before = await snapshot(t.db, ids);

    const res = await uploadCsv(t.app, sup, csvFile(lines));
    expect(res.statusCode, res.body).toBe(422);
    const { error } = res.json();
    expect(error.code).toBe('content_csv_invalid');
    expect(error.fields).toEqual([expect.objectContaining(expected)]);
    expect(error.fields[0].message).toEqual(expect.any(String));
    expect(await snapshot(t.db, ids)).toEqual(before);
  });

  it('names every refused row at once', async () => {
    const { sup, ids } = await dealer(3);
    const lines = await csvLines(t.db, ids);
    const [a, , c] = lines;
    if (!a || !c) throw new Error('lines expected');
    a.management_id = '';
    c.first_registration_year = 'H31';
    const res = await uploadCsv(t.app, sup, csvFile(lines));
    expect(res.json().error.fields.map((f: { field: string; rule: string }) => `${f.field} ${f.rule}`)).toEqual([
      'rows.1.management_id csv_required_cell_empty',
      'rows.3.first_registration_year format',
    ]);
  });

  it('allows an unchanged row of a linked or locked vehicle among edited ones', async () => {
    const { sup, ids } = await dealer(1);
    const [linked] = await t.make.vehicles(sup, { fields: { listing_link: 'linked' } });
    const [busy] = await t.make.vehicles(sup, { process: 'running', processName: 'transfer' });
    const lines = await csvLines(t.db, [...ids, linked ?? '', busy ?? '']);
    const edited = lines.find((l) => l.id === ids[0]);
    if (edited) edited.maker = 'Subaru';
    expect((await uploadCsv(t.app, sup, csvFile(lines))).json()).toEqual({ updated: 1, unchanged: 2 });
  });
});

describe('POST /contents/csv: rules of the whole file', () => {
  it('refuses Shift-JIS with csv_not_utf8', async () => {
    const { sup, ids } = await dealer(1);
    const text = csvFile(await csvLines(t.db, ids));
    // 車 in Shift-JIS: not UTF-8.
    const bytes = new Uint8Array([...new TextEncoder().encode(text), 0x8e, 0xd4]);
    const res = await uploadCsv(t.app, sup, bytes);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('csv_not_utf8');
  });

  it('refuses more than 1 MB with csv_too_large', async () => {
    const { sup } = await dealer(0);
    const res = await uploadCsv(t.app, sup, 'x'.repeat(CSV_MAX_BYTES + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('csv_too_large');
  });

  it('refuses an unknown item in the header, naming it', async () => {
    const { sup, ids } = await dealer(1);
    const text = csvFile(await csvLines(t.db, ids)).replace('body_color', 'colour');
    const res = await uploadCsv(t.app, sup, text);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'csv_header_mismatch', fields: [{ field: 'colour' }] });
  });

  it(`refuses more than ${CSV_MAX_CONTENTS} vehicles with csv_over_150`, async () => {
    const { sup, ids } = await dealer(1);
    const [line] = await csvLines(t.db, ids);
    if (!line) throw new Error('a line expected');
    const lines = Array.from({ length: CSV_MAX_CONTENTS + 1 }, (_, i) => ({ ...line, id: String(i + 1) }));
    const res = await uploadCsv(t.app, sup, csvFile(lines));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('csv_over_150');
  });

  it('refuses a JSON body', async () => {
    const { sup } = await dealer(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/browser/v0/contents/csv',
      headers: { authorization: `Bearer ${sup.contentToken}`, 'content-type': 'application/json' },
      payload: { rows: [] },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('POST /contents/csv: who may change which vehicle', () => {
  it("an admin changes their own and their normal users' vehicles, not the super's", async () => {
    const sup = await t.make.signedIn({ privilege_type: 'super' });
    const admin = await t.make.signedIn({ tenant: sup.tenant, privilege_type: 'admin' });
    const normal = await t.make.user({ tenant: sup.tenant, privilege_type: 'normal', parent_user_id: admin.id });
    const mine = await t.make.vehicles(admin);
    const theirs = await t.make.vehicles(normal);
    const supers = await t.make.vehicles(sup);
    const ok = await csvLines(t.db, [...mine, ...theirs]);
    for (const l of ok) l.maker = 'Nissan';
    expect((await uploadCsv(t.app, admin, csvFile(ok))).json()).toEqual({ updated: 2, unchanged: 0 });
    const refused = await csvLines(t.db, supers);
    for (const l of refused) l.maker = 'Nissan';
    const res = await uploadCsv(t.app, admin, csvFile(refused));
    expect(res.json().error.fields).toEqual([
      expect.objectContaining({ field: 'rows.1.id', rule: 'csv_unknown_content' }),
    ]);
  });

  it('a normal user changes only their own vehicles', async () => {
    const sup = await t.make.signedIn({ privilege_type: 'super' });
    const admin = await t.make.user({ tenant: sup.tenant, privilege_type: 'admin' });
    const me = await t.make.signedIn({ tenant: sup.tenant, privilege_type: 'normal', parent_user_id: admin.id });
    const peer = await t.make.user({ tenant: sup.tenant, privilege_type: 'normal', parent_user_id: admin.id });
    const lines = await csvLines(t.db, [...(await t.make.vehicles(me)), ...(await t.make.vehicles(peer))]);
    for (const l of lines) l.maker = 'Suzuki';
    const res = await uploadCsv(t.app, me, csvFile(lines));
    expect(res.json().error.fields).toEqual([
      expect.objectContaining({ field: 'rows.2.id', rule: 'csv_unknown_content' }),
    ]);
  });
});
