import { stringify } from 'csv-stringify/browser/esm/sync';
import { describe, expect, it } from 'vitest';
import { CSV_MAX_BYTES } from '../constants.ts';
import {
  decodeUtf8,
  USER_CSV_HEADER,
  USER_CSV_TEMPLATE,
  type UserCsvError,
  type UserCsvExisting,
  userCsvHeader,
  validateUserCsv,
} from './users-csv.ts';

const enc = new TextEncoder();
const bytesOf = (text: string) => enc.encode(text);

const HEADER = USER_CSV_HEADER.join(',');

function existing(over: Partial<UserCsvExisting> = {}): UserCsvExisting {
  return {
    emails: new Set(['boss@dealer.example', 'Taken@Dealer.Example']),
    adminEmails: new Set(['boss@dealer.example']),
    adminCount: 1,
    normalCount: 0,
    registrationLimit: 500,
    registeredCount: 2,
    ...over,
  };
}

/** email, password, privilege_type, name, parent_email, company_section, car_limit */
type Cells = [string, string, string, string, string, string, string];
const admin = (email: string, extra: Partial<Record<number, string>> = {}): Cells =>
  withExtra([email, 'password1', 'admin', 'Admin User', '', '', ''], extra);
const normal = (email: string, parent: string, extra: Partial<Record<number, string>> = {}): Cells =>
  withExtra([email, 'password1', 'normal', 'Normal User', parent, 'Sales', '10'], extra);
function withExtra(cells: Cells, extra: Partial<Record<number, string>>): Cells {
  const out = [...cells] as Cells;
  for (const [i, v] of Object.entries(extra)) out[Number(i)] = v as string;
  return out;
}

// The file as a user's spreadsheet writes it: cells as typed (a "-1" stays "-1"; only the product's own CSV
// output neutralises formulas).
const csv = (rows: string[][], header: readonly string[] = USER_CSV_HEADER) =>
  bytesOf(stringify([[...header], ...rows], { record_delimiter: '\r\n', quoted_match: /[\r\n]/ }));

const errorsOf = (bytes: Uint8Array, ex: UserCsvExisting = existing()): UserCsvError[] => {
  const r = validateUserCsv({ bytes, existing: ex });
  return r.ok ? [] : r.errors;
};

describe('template', () => {
  it('is the header line only, CRLF, no BOM', () => {
    expect(USER_CSV_TEMPLATE).toBe(`${HEADER}\r\n`);
    expect(USER_CSV_TEMPLATE.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('the template itself has no user', () => {
    expect(errorsOf(bytesOf(USER_CSV_TEMPLATE))).toEqual([{ row: null, code: 'csv_no_user' }]);
  });
});

describe('validateUserCsv: a valid file', () => {
  it('returns the rows in order, normalised', () => {
    const r = validateUserCsv({
      bytes: csv([
        admin(' New.Admin@Dealer.Example '),
        normal('staff1@dealer.example', 'NEW.ADMIN@dealer.example'),
        normal('staff2@dealer.example', 'boss@dealer.example', { 5: '', 6: '' }),
      ]),
      existing: existing(),
    });
    expect(r).toEqual({
      ok: true,
      rows: [
        {
          row: 1,
          email: 'new.admin@dealer.example',
          password: 'password1',
          privilegeType: 'admin',
          name: 'Admin User',
          parentEmail: null,
          companySection: '',
          carLimit: null,
          shopCode: '',
        },
        {
          row: 2,
          email: 'staff1@dealer.example',
          password: 'password1',
          privilegeType: 'normal',
          name: 'Normal User',
          parentEmail: 'new.admin@dealer.example',
          companySection: 'Sales',
          carLimit: 10,
          shopCode: '',
        },
        {
          row: 3,
          email: 'staff2@dealer.example',
          password: 'password1',
          privilegeType: 'normal',
          name: 'Normal User',
          parentEmail: 'boss@dealer.example',
          companySection: '',
          carLimit: null,
          shopCode: '',
        },
      ],
    });
  });

  it('reads the bike site’s shop code, and refuses a wide one', () => {
    const header = userCsvHeader(['bike']);
    const ok = validateUserCsv({
      bytes: csv([[...admin('a@dealer.example'), 'BK-1']], header),
      existing: existing(),
      header,
    });
    expect(ok.ok && ok.rows[0]?.shopCode).toBe('BK-1');
    const wide = validateUserCsv({
      bytes: csv([[...admin('a@dealer.example'), 'ＢＫ']], header),
      existing: existing(),
      header,
    });
    expect(wide).toEqual({ ok: false, errors: [{ row: 1, code: 'csv_invalid_user_data', field: 'shop_code' }] });
    // A file of the usual format is refused on the bike site, naming no unknown item (one is missing).
    const usual = validateUserCsv({ bytes: csv([admin('a@dealer.example')]), existing: existing(), header });
    expect(usual).toEqual({ ok: false, errors: [{ row: null, code: 'csv_header_mismatch' }] });
  });

  it('imports exactly 100 users', () => {
    const rows = Array.from({ length: 100 }, (_, i) => normal(`u${i}@dealer.example`, 'boss@dealer.example'));
    const r = validateUserCsv({ bytes: csv(rows), existing: existing() });
    expect(r.ok && r.rows.length).toBe(100);
  });

  it('accepts a UTF-8 BOM, LF line ends, quoted Japanese names and Admin in capitals', () => {
    const text = `\ufeff${HEADER}\nstaff@dealer.example,password1,Normal,"山田, 太郎",boss@dealer.example,営業,\n`;
    const r = validateUserCsv({ bytes: bytesOf(text), existing: existing() });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.rows[0]).toMatchObject({ name: '山田, 太郎', companySection: '営業', privilegeType: 'normal' });
  });

  it('skips blank records but keeps counting them', () => {
    const text = `${HEADER}\r\n,,,,,,\r\n\r\nstaff@dealer.example,password1,normal,N,boss@dealer.example,,\r\n`;
    const r = validateUserCsv({ bytes: bytesOf(text), existing: existing() });
    expect(r.ok && r.rows.map((x) => x.row)).toEqual([3]);
  });

  it('keeps spaces inside the password', () => {
    const r = validateUserCsv({ bytes: csv([admin('a@dealer.example', { 1: ' pass word ' })]), existing: existing() });
    expect(r.ok && r.rows[0]?.password).toBe(' pass word ');
  });
});

describe('validateUserCsv: file-level errors', () => {
  it.each<[string, Uint8Array, UserCsvError[]]>([
    ['over 1 MB', new Uint8Array(CSV_MAX_BYTES + 1).fill(0x61), [{ row: null, code: 'csv_too_large' }]],
    [
      'Shift_JIS bytes',
      new Uint8Array([...bytesOf(`${HEADER}\n`), 0x82, 0xa0, 0x0a]),
      [{ row: null, code: 'csv_not_utf8' }],
    ],
    ['a binary file that decodes', bytesOf(`${HEADER}\n\u0000\u0001`), [{ row: null, code: 'csv_unsupported_format' }]],
    ['an unterminated quote', bytesOf(`${HEADER}\n"a@b.example,x\n`), [{ row: null, code: 'csv_unsupported_format' }]],
    ['an empty file', new Uint8Array(), [{ row: null, code: 'csv_header_mismatch' }]],
    ['header only', bytesOf(`${HEADER}\r\n`), [{ row: null, code: 'csv_no_user' }]],
    ['header with blank lines only', bytesOf(`${HEADER}\r\n\r\n,,,,,,\r\n`), [{ row: null, code: 'csv_no_user' }]],
    ['a missing item', csv([], USER_CSV_HEADER.slice(0, 6)), [{ row: null, code: 'csv_header_mismatch' }]],
    ['an extra item', csv([], [...USER_CSV_HEADER, 'age']), [{ row: null, code: 'csv_header_mismatch', field: 'age' }]],
    [
      'an unknown item name',
      csv([], ['mail', ...USER_CSV_HEADER.slice(1)]),
      [{ row: null, code: 'csv_header_mismatch', field: 'mail' }],
    ],
    [
      'items in another order',
      csv([], [USER_CSV_HEADER[1], USER_CSV_HEADER[0], ...USER_CSV_HEADER.slice(2)]),
      [{ row: null, code: 'csv_header_mismatch' }],
    ],
    [
      '101 users',
      csv(Array.from({ length: 101 }, (_, i) => normal(`u${i}@dealer.example`, 'boss@dealer.example'))),
      [{ row: null, code: 'csv_over_100' }],
    ],
  ])('%s', (_name, bytes, expected) => {
    expect(errorsOf(bytes)).toEqual(expected);
  });

  it('exactly 1 MB is not too large', () => {
    const padding = ' '.repeat(CSV_MAX_BYTES - bytesOf(`${HEADER}\n`).length);
    const bytes = bytesOf(`${HEADER}\n${padding}`);
    expect(bytes.byteLength).toBe(CSV_MAX_BYTES);
    expect(errorsOf(bytes)).toEqual([{ row: null, code: 'csv_no_user' }]);
  });

  it('header cells are trimmed', () => {
    const text = `${USER_CSV_HEADER.map((h) => ` ${h} `).join(',')}\nx@dealer.example,password1,admin,A,,,\n`;
    expect(validateUserCsv({ bytes: bytesOf(text), existing: existing() }).ok).toBe(true);
  });
});

describe('validateUserCsv: row errors (each rule broken once)', () => {
  const ok = admin('fine@dealer.example');
  it.each<[string, string[][], UserCsvError[]]>([
    [
      'a row with too few cells',
      [ok, ['x@dealer.example', 'password1', 'admin']],
      [{ row: 2, code: 'csv_header_mismatch' }],
    ],
    ['empty e-mail', [ok, admin('')], [{ row: 2, code: 'csv_required_cell_empty', field: 'email' }]],
    ['invalid e-mail', [admin('not-an-email')], [{ row: 1, code: 'csv_invalid_email', field: 'email' }]],
    [
      'missing parent',
      [normal('n@dealer.example', '')],
      [{ row: 1, code: 'csv_missing_parent', field: 'parent_email' }],
    ],
    [
      'unknown parent',
      [normal('n@dealer.example', 'ghost@dealer.example')],
      [{ row: 1, code: 'csv_unknown_parent', field: 'parent_email' }],
    ],
    [
      'parent defined later in the file',
      [normal('n@dealer.example', 'late@dealer.example'), admin('late@dealer.example')],
      [{ row: 1, code: 'csv_unknown_parent', field: 'parent_email' }],
    ],
    [
      'parent is a normal user of the file',
      [normal('n1@dealer.example', 'boss@dealer.example'), normal('n2@dealer.example', 'n1@dealer.example')],
      [{ row: 2, code: 'csv_unknown_parent', field: 'parent_email' }],
    ],
    [
      'a registered e-mail (any case)',
      [admin('taken@dealer.example')],
      [{ row: 1, code: 'csv_email_already_registered', field: 'email' }],
    ],
    [
      'the same e-mail twice',
      [admin('twice@dealer.example'), admin('TWICE@dealer.example')],
      [{ row: 2, code: 'csv_duplicate_email', field: 'email' }],
    ],
  ])('%s', (_name, rows, expected) => {
    expect(errorsOf(csv(rows))).toEqual(expected);
  });

  // One cell of an otherwise good admin row broken: one error, on that row and that cell's field.
  it.each<[string, Partial<Record<number, string>>, UserCsvError['code'], string]>([
    ['empty password', { 1: '' }, 'csv_required_cell_empty', 'password'],
    ['empty privilege type', { 2: '' }, 'csv_required_cell_empty', 'privilege_type'],
    ['empty name', { 3: ' ' }, 'csv_required_cell_empty', 'name'],
    ['password of 7', { 1: 'pass123' }, 'csv_password_too_short', 'password'],
    ['accented password', { 1: 'pässword1' }, 'csv_invalid_user_data', 'password'],
    ['super in a CSV', { 2: 'super' }, 'csv_invalid_user_data', 'privilege_type'],
    ['name over 100', { 3: 'x'.repeat(101) }, 'csv_invalid_user_data', 'name'],
    ['section over 100', { 5: 'x'.repeat(101) }, 'csv_invalid_user_data', 'company_section'],
    ['car limit not a number', { 6: 'ten' }, 'csv_invalid_user_data', 'car_limit'],
    ['negative car limit', { 6: '-1' }, 'csv_invalid_user_data', 'car_limit'],
    ['car limit over the bound', { 6: '1000001' }, 'csv_invalid_user_data', 'car_limit'],
    ['unneeded parent', { 4: 'boss@dealer.example' }, 'csv_unneeded_parent', 'parent_email'],
  ])('%s', (_name, cells, code, field) => {
    expect(errorsOf(csv([admin('a@dealer.example', cells)]))).toEqual([{ row: 1, code, field }]);
  });

  it('collects every error of every row', () => {
    const errors = errorsOf(csv([admin('bad', { 1: 'short' }), normal('n@dealer.example', '')]));
    expect(errors).toEqual([
      { row: 1, code: 'csv_invalid_email', field: 'email' },
      { row: 1, code: 'csv_password_too_short', field: 'password' },
      { row: 2, code: 'csv_missing_parent', field: 'parent_email' },
    ]);
  });
});

describe('validateUserCsv: totals', () => {
  it.each<[string, string[][], Partial<UserCsvExisting>, UserCsvError[]]>([
    ['admins up to 9999', [admin('a@dealer.example')], { adminCount: 9998 }, []],
    [
      'admins over 9999',
      [admin('a@dealer.example')],
      { adminCount: 9999 },
      [{ row: null, code: 'csv_admin_over_limit' }],
    ],
    ['normal users up to 9999', [normal('n@dealer.example', 'boss@dealer.example')], { normalCount: 9998 }, []],
    [
      'normal users over 9999',
      [normal('n@dealer.example', 'boss@dealer.example')],
      { normalCount: 9999 },
      [{ row: null, code: 'csv_normal_over_limit' }],
    ],
    [
      'registration limit not set',
      [admin('a@dealer.example')],
      { registrationLimit: null },
      [{ row: null, code: 'csv_registration_limit_not_set' }],
    ],
    [
      'registration limit already below',
      [admin('a@dealer.example')],
      { registrationLimit: 1, registeredCount: 2 },
      [{ row: null, code: 'csv_registration_limit_below_registered' }],
    ],
    [
      'registration limit exceeded',
      [admin('a@dealer.example'), admin('b@dealer.example')],
      { registrationLimit: 3, registeredCount: 2 },
      [{ row: null, code: 'csv_registration_limit_exceeded' }],
    ],
    [
      'registration limit reached exactly',
      [admin('a@dealer.example')],
      { registrationLimit: 3, registeredCount: 2 },
      [],
    ],
  ])('%s', (_name, rows, over, expected) => {
    expect(errorsOf(csv(rows), existing(over))).toEqual(expected);
  });
});

describe('decodeUtf8', () => {
  it.each<[string, Uint8Array, string | null]>([
    ['plain', bytesOf('abc'), 'abc'],
    ['BOM dropped', new Uint8Array([0xef, 0xbb, 0xbf, 0x61]), 'a'],
    ['invalid byte', new Uint8Array([0x61, 0xff]), null],
    ['truncated sequence', new Uint8Array([0xe5, 0xb1]), null],
  ])('%s', (_name, bytes, expected) => {
    expect(decodeUtf8(bytes)).toBe(expected);
  });
});
