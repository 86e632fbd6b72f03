import { describe, expect, it } from 'vitest';
import { CSV_MAX_BYTES, CSV_MAX_CONTENTS } from '../constants.ts';
import {
  CONTENT_CSV_HEADER,
  CONTENT_CSV_WRITABLE,
  type ContentCsvExisting,
  type ContentCsvResult,
  type ContentCsvStoredVehicle,
  type ContentCsvValues,
  contentCsvCells,
  contentCsvMentions,
  managementIdKey,
  validateContentCsv,
} from './content-csv.ts';
import { csvRecord } from './csv.ts';

/** A stored vehicle as the download reads it: formula-like text, Japanese, numbers, choices and empties. */
const VEHICLE = {
  id: '101',
  publication: 'published',
  owner: { name: '山田 太郎' },
  created_at: new Date('2025-01-02T03:04:05Z'),
  updated_at: new Date('2025-02-03T04:05:06Z'),
  maker: '=SUM(A1)',
  car_name: 'プリウス "ツーリング", 2列',
  body_color: 'パールホワイト',
  first_registration_year: 2019,
  first_registration_month: 4,
  handle: 'right',
  engine_type: '-ハイブリッド',
  displacement: 1800,
  mileage: 42000,
  management_id: '@A-0001',
  chassis_number: 'ZVW30-1234567',
  listing_id: '',
  inspection_period: '2026-05',
  repair_history: 'no',
  assessment_score: '4.5',
  price_with_tax: 1_980_000,
  total_price_with_tax: 2_150_000,
  phone: '+81-3-1234-5678',
  mail: 'sales@example.com',
  store: '本店\n2階',
  bike_style: '',
  parts_category: '',
  statutory_inspection: 'included',
  vehicle_inspection: null,
} as const;

const valuesOf = (v: Record<string, unknown>): ContentCsvValues =>
  Object.fromEntries(CONTENT_CSV_WRITABLE.map((k) => [k, v[k]])) as ContentCsvValues;

const utf8 = (text: string) => new TextEncoder().encode(text);
const header = csvRecord(CONTENT_CSV_HEADER);
const line = (overrides: Record<string, unknown> = {}) => csvRecord(contentCsvCells({ ...VEHICLE, ...overrides }));
const file = (...lines: string[]) => utf8(header + lines.join(''));

function rowErrors(result: ContentCsvResult) {
  if (result.ok || result.kind !== 'rows') throw new Error(`expected row errors, got ${JSON.stringify(result)}`);
  return result.errors.map((e) => ({
    row: e.row,
    item: e.item,
    rule: e.rule,
    ...(e.params ? { params: e.params } : {}),
  }));
}

describe('validateContentCsv: round trip with the download', () => {
  it('gives back every writable value the download wrote, formula-like and Japanese text included', () => {
    const result = validateContentCsv({ bytes: file(line()) });
    expect(result).toEqual({ ok: true, rows: [{ row: 1, id: '101', values: valuesOf(VEHICLE), changed: true }] });
  });

  it('accepts a UTF-8 BOM (Excel\'s "CSV UTF-8")', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...file(line())]);
    expect(validateContentCsv({ bytes }).ok).toBe(true);
  });

  it('reads spreadsheet number formats: thousands commas and full-width digits', () => {
    const text = line().replace('1980000', '"1,980,000"').replace(',42000,', ',４２０００,');
    const result = validateContentCsv({ bytes: utf8(header + text) });
    expect(result.ok && result.rows[0]?.values).toMatchObject({ price_with_tax: 1_980_000, mileage: 42_000 });
  });
});

describe('validateContentCsv: rules of the whole file', () => {
  it.each<[string, Uint8Array, { code: string; item?: string }]>([
    ['over 1 MB', new Uint8Array(CSV_MAX_BYTES + 1).fill(0x41), { code: 'csv_too_large' }],
    // 車両 in Shift-JIS.
    ['Shift-JIS', new Uint8Array([...utf8(header), 0x8e, 0xd4, 0x97, 0xbc, 0x0d, 0x0a]), { code: 'csv_not_utf8' }],
    ['a NUL byte (binary)', utf8(`${header}\u0000\r\n`), { code: 'csv_unsupported_format' }],
    ['an unterminated quote', utf8(`${header}"101,\r\n`), { code: 'csv_unsupported_format' }],
    ['no header', utf8(''), { code: 'csv_header_mismatch' }],
    ['an unknown item', utf8(header.replace('body_color', 'colour')), { code: 'csv_header_mismatch', item: 'colour' }],
    [
      'items in another order',
      utf8(header.replace('maker,car_name', 'car_name,maker')),
      { code: 'csv_header_mismatch' },
    ],
    ['an item missing', utf8(header.replace(',vehicle_inspection', '')), { code: 'csv_header_mismatch' }],
  ])('%s', (_name, bytes, expected) => {
    expect(validateContentCsv({ bytes })).toEqual({ ok: false, kind: 'file', ...expected });
  });

  it(`takes ${CSV_MAX_CONTENTS} vehicles and refuses one more`, () => {
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => line({ id: String(i + 1), management_id: `M-${i + 1}` }));
    expect(validateContentCsv({ bytes: file(...rows(CSV_MAX_CONTENTS)) }).ok).toBe(true);
    expect(validateContentCsv({ bytes: file(...rows(CSV_MAX_CONTENTS + 1)) })).toEqual({
      ok: false,
      kind: 'file',
      code: 'csv_over_150',
    });
  });

  it('a file with the header alone changes nothing and is not refused', () => {
    expect(validateContentCsv({ bytes: file() })).toEqual({ ok: true, rows: [] });
  });
});

describe('validateContentCsv: rules of a row', () => {
  it('numbers rows from the first data line, counting blank lines', () => {
    const result = validateContentCsv({ bytes: file(line(), '\r\n', line({ id: '102', management_id: '' })) });
    expect(rowErrors(result)).toEqual([{ row: 3, item: 'management_id', rule: 'csv_required_cell_empty' }]);
  });

  it.each<[string, Record<string, unknown>, { item: string; rule: string; params?: object }]>([
    ['empty id', { id: '' }, { item: 'id', rule: 'csv_required_cell_empty' }],
    [
      'empty management ID (item 15)',
      { management_id: '  ' },
      { item: 'management_id', rule: 'csv_required_cell_empty' },
    ],
    ['malformed id', { id: 'A12' }, { item: 'id', rule: 'format' }],
    [
      'year out of range',
      { first_registration_year: 1800 },
      { item: 'first_registration_year', rule: 'range', params: { min: 1900, max: 2100 } },
    ],
    [
      'month 13',
      { first_registration_month: 13 },
      { item: 'first_registration_month', rule: 'range', params: { min: 1, max: 12 } },
    ],
    ['year as text', { first_registration_year: 'H31' }, { item: 'first_registration_year', rule: 'format' }],
    ['fractional mileage', { mileage: '12.5' }, { item: 'mileage', rule: 'integer' }],
    ['maker too long', { maker: 'x'.repeat(51) }, { item: 'maker', rule: 'max_length', params: { max: 50 } }],
    ['unknown handle', { handle: 'middle' }, { item: 'handle', rule: 'one_of' }],
    ['bad e-mail', { mail: 'sales@' }, { item: 'mail', rule: 'email' }],
    ['bad phone', { phone: '03 1234 5678' }, { item: 'phone', rule: 'format' }],
    ['bad inspection period', { inspection_period: '2026/05' }, { item: 'inspection_period', rule: 'format' }],
    ['bad chassis number', { chassis_number: 'ZVW30 123' }, { item: 'chassis_number', rule: 'format' }],
    ['month without year', { first_registration_year: null }, { item: 'first_registration_year', rule: 'requires' }],
    ['total below the price', { total_price_with_tax: 1000 }, { item: 'total_price_with_tax', rule: 'range' }],
  ])('%s', (_name, overrides, expected) => {
    expect(rowErrors(validateContentCsv({ bytes: file(line(overrides)) }))).toEqual([{ row: 1, ...expected }]);
  });

  it('refuses a row with another number of cells', () => {
    const short = `${line().trimEnd().split(',').slice(0, -1).join(',')}\r\n`;
    expect(rowErrors(validateContentCsv({ bytes: file(line(), short) }))).toEqual([
      { row: 2, item: 'id', rule: 'csv_header_mismatch' },
    ]);
  });

  it('reads choices in any letter case and ignores read-only cells', () => {
    const text = line({ handle: 'LEFT' }).replace('2025-01-02T03:04:05.000Z', 'yesterday');
    const result = validateContentCsv({ bytes: utf8(header + text) });
    expect(result.ok && result.rows[0]?.values.handle).toBe('left');
  });

  it('collects every error of every row', () => {
    const result = validateContentCsv({
      bytes: file(
        line({ management_id: '' }),
        line({ id: '102', first_registration_year: 1800, maker: 'x'.repeat(51) }),
      ),
    });
    expect(rowErrors(result).map((e) => `${e.row}.${e.item}`)).toEqual([
      '1.management_id',
      '2.maker',
      '2.first_registration_year',
    ]);
  });

  it('refuses the same vehicle or the same management ID twice in the file, on the later row', () => {
    const result = validateContentCsv({
      bytes: file(line(), line({ management_id: 'B-2' }), line({ id: '103' })),
    });
    expect(rowErrors(result)).toEqual([
      { row: 2, item: 'id', rule: 'csv_duplicate_content' },
      { row: 3, item: 'management_id', rule: 'duplicate_vehicle_id' },
    ]);
  });
});

describe('validateContentCsv: against the stored vehicles', () => {
  const stored = valuesOf(VEHICLE);
  const vehicle = (over: Partial<ContentCsvStoredVehicle> = {}): ContentCsvStoredVehicle => ({
    domainId: '7',
    current: stored,
    publication: 'published' as const,
    listingLink: 'none' as const,
    lockedBy: null,
    ...over,
  });
  const existing = (
    vehicles: Record<string, ReturnType<typeof vehicle>>,
    holders: Record<string, string> = {},
  ): ContentCsvExisting => ({
    vehicles: new Map(Object.entries(vehicles)),
    managementIdHolders: new Map(Object.entries(holders).map(([m, id]) => [managementIdKey('7', m), id])),
  });
  const edited = line({ car_name: 'アクア' });

  it('marks rows equal to the stored vehicle unchanged and the others changed', () => {
    const result = validateContentCsv({
      bytes: file(line(), line({ id: '102', management_id: 'B-2', car_name: 'アクア' })),
      existing: existing({ '101': vehicle(), '102': vehicle() }, { '@A-0001': '101' }),
    });
    expect(result.ok && result.rows.map((r) => [r.id, r.changed])).toEqual([
      ['101', false],
      ['102', true],
    ]);
  });

  it('refuses an id the caller cannot see, and a changed deleted vehicle', () => {
    expect(rowErrors(validateContentCsv({ bytes: file(line()), existing: existing({}) }))).toEqual([
      { row: 1, item: 'id', rule: 'csv_unknown_content' },
    ]);
    const deleted = existing({ '101': vehicle({ publication: 'deleted' }) });
    expect(rowErrors(validateContentCsv({ bytes: file(edited), existing: deleted }))).toEqual([
      { row: 1, item: 'id', rule: 'csv_unknown_content' },
    ]);
    expect(validateContentCsv({ bytes: file(line()), existing: deleted }).ok).toBe(true);
  });

  it.each(['waiting', 'linking', 'linked'] as const)('refuses a changed vehicle whose listing link is %s', (link) => {
    const known = existing({ '101': vehicle({ listingLink: link }) });
    expect(rowErrors(validateContentCsv({ bytes: file(edited), existing: known }))).toEqual([
      { row: 1, item: 'id', rule: 'content_linked' },
    ]);
    expect(validateContentCsv({ bytes: file(line()), existing: known }).ok).toBe(true);
  });

  it('allows a vehicle whose link failed or never was', () => {
    for (const link of ['none', 'error'] as const) {
      const known = existing({ '101': vehicle({ listingLink: link }) });
      expect(validateContentCsv({ bytes: file(edited), existing: known }).ok).toBe(true);
    }
  });

  it('refuses a changed vehicle locked by a running process, naming it', () => {
    const known = existing({ '101': vehicle({ lockedBy: 'transfer' }) });
    expect(rowErrors(validateContentCsv({ bytes: file(edited), existing: known }))).toEqual([
      { row: 1, item: 'id', rule: 'content_locked', params: { process: 'transfer' } },
    ]);
  });

  it('refuses a management ID another vehicle of the domain holds', () => {
    const known = existing({ '101': vehicle() }, { 'B-9': '900' });
    expect(rowErrors(validateContentCsv({ bytes: file(line({ management_id: 'B-9' })), existing: known }))).toEqual([
      { row: 1, item: 'management_id', rule: 'duplicate_vehicle_id' },
    ]);
  });

  it('checks management IDs per domain: two tenants may use the same one', () => {
    const known: ContentCsvExisting = {
      vehicles: new Map([
        ['101', vehicle()],
        ['102', vehicle({ domainId: '8' })],
      ]),
      managementIdHolders: new Map([[managementIdKey('8', 'B-9'), '900']]),
    };
    const bytes = file(line({ management_id: 'B-9' }), line({ id: '102', management_id: 'B-9' }));
    expect(rowErrors(validateContentCsv({ bytes, existing: known }))).toEqual([
      { row: 2, item: 'management_id', rule: 'duplicate_vehicle_id' },
    ]);
  });

  it('lets two vehicles swap their management IDs in one file', () => {
    const known = existing(
      { '101': vehicle(), '102': vehicle({ current: { ...stored, management_id: 'B-2' } }) },
      { '@A-0001': '101', 'B-2': '102' },
    );
    const swap = file(line({ management_id: 'B-2' }), line({ id: '102', management_id: '@A-0001' }));
    expect(validateContentCsv({ bytes: swap, existing: known }).ok).toBe(true);
  });
});

describe('contentCsvMentions', () => {
  it('names the well-formed ids and the management IDs, read back from neutralised cells', () => {
    const bytes = file(line(), line({ id: 'x', management_id: '=B' }), line({ id: '101' }));
    expect(contentCsvMentions(bytes)).toEqual({ ids: ['101'], managementIds: ['@A-0001', '=B'] });
  });

  it('names nothing in an unreadable file', () => {
    expect(contentCsvMentions(new Uint8Array([0x8e, 0xd4]))).toEqual({ ids: [], managementIds: [] });
  });
});
