import {
  CSV_MAX_BYTES,
  CSV_MAX_USERS,
  MAX_ADMIN_USERS,
  MAX_NORMAL_USERS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants.ts';
import type { ErrorCode } from '../errors.ts';
import { emailSchema, isPrintableAscii } from '../schemas/account.ts';
import { csvRecord, parseCsv } from './csv.ts';

/**
 * The user bulk-add CSV (/subordinate/addlist, POST /subordinates-upload; second document section 5, "CSV
 * rules"). The check is pure: the server passes the uploaded bytes and what the domain already holds, and either
 * gets the rows to insert (all of them, in file order) or every error with its row. Nothing is added when any
 * error is found.
 *
 * Readings (copied to docs/decisions.md):
 * - Columns, in this order: email, password, privilege_type, name, parent_email, company_section, car_limit.
 *   `privilege_type` is `admin` or `normal`, in any letter case (a CSV cannot create super users). `parent_email` is the e-mail of the
 *   admin a normal user belongs to. `company_section` is the normal user's section shown in the top bar.
 *   `car_limit` is the user's vehicle limit, a whole number 0..1,000,000, empty for none.
 * - Required cells: email, password, privilege_type, name. parent_email is required for normal users
 *   (`csv_missing_parent`) and must be empty for admins (`csv_unneeded_parent`).
 * - The template (USER_CSV_TEMPLATE) is the header line alone, UTF-8 without BOM, CRLF line end. Uploads may carry
 *   a UTF-8 BOM (spreadsheets' "CSV UTF-8" adds one); it is dropped. Any other encoding is `csv_not_utf8`.
 * - The header must be exactly the template's items in the template's order (each cell trimmed): a different
 *   number of items, an unknown item or a different order is `csv_header_mismatch` (with `field` naming the
 *   first unknown item when there is one). A data row with a different number of cells is `csv_header_mismatch`
 *   on that row.
 * - Row numbers are 1-based data rows, the header excluded: row 1 is the line after the header, as a spreadsheet
 *   shows it on line 2. Blank records (no cell has text) are skipped but still counted, so numbers keep matching
 *   the file.
 * - Cells are trimmed, except the password (a space is a character of it). E-mails are lower-cased, like every
 *   e-mail of the product, before duplicate and parent checks.
 * - A parent must be an admin that already exists in the domain (`existing.adminEmails`) or an admin row earlier
 *   in the same file (rows are inserted in order, so the parent exists when its normal user is added). Otherwise
 *   `csv_unknown_parent`.
 * - An e-mail twice in the file is `csv_duplicate_email` on the later row; an e-mail already registered anywhere
 *   (`existing.emails`, every live user of the product, since e-mails are unique) is `csv_email_already_registered`.
 * - Password: shorter than 8 is `csv_password_too_short`; longer than 128 or with characters outside printable
 *   ASCII is `csv_invalid_user_data` on `password`. Other malformed cells (privilege type, name over 100
 *   characters, section over 100, car limit) are `csv_invalid_user_data` with the field.
 * - Counts: no user rows is `csv_no_user`; more than 100 user rows is `csv_over_100` (checked before the rows,
 *   whose errors would not help). After the import, admins and normal users must each be at most 9999
 *   (`csv_admin_over_limit`, `csv_normal_over_limit`). The registration limit (how many users the domain may
 *   register) must be set (`csv_registration_limit_not_set`), not already below the registered count
 *   (`csv_registration_limit_below_registered`) and not exceeded by the import (`csv_registration_limit_exceeded`).
 * - File-level errors (size, encoding, format, header, counts of rows) stop the check, since rows cannot be read
 *   or would not help; row errors are all collected (every rule of every row), then the totals are checked.
 */

export const USER_CSV_HEADER = [
  'email',
  'password',
  'privilege_type',
  'name',
  'parent_email',
  'company_section',
  'car_limit',
] as const;
/**
 * The bike site's format: the shop code last (stored as the user's first username alias, first document section 3).
 * Its own template, so a file made for one host is refused on the other by the header check.
 */
export const USER_CSV_BIKE_HEADER = [...USER_CSV_HEADER, 'shop_code'] as const;
export type UserCsvColumn = (typeof USER_CSV_BIKE_HEADER)[number];

/** The upload format of a host: the bike site's has the shop code. */
export function userCsvHeader(hostFlags: readonly string[]): readonly UserCsvColumn[] {
  return hostFlags.includes('bike') ? USER_CSV_BIKE_HEADER : USER_CSV_HEADER;
}

export const USER_CSV_REQUIRED: readonly UserCsvColumn[] = ['email', 'password', 'privilege_type', 'name'];
export const USER_CSV_PRIVILEGE_TYPES = ['admin', 'normal'] as const;
export const USER_CSV_TEXT_MAX_LENGTH = 100;
export const USER_CSV_CAR_LIMIT_MAX = 1_000_000;

/** The downloadable template: the header line only, UTF-8 without BOM. */
export const USER_CSV_TEMPLATE = csvRecord(USER_CSV_HEADER);
export const USER_CSV_TEMPLATE_FILE_NAME = 'users_template.csv';

export interface UserCsvRow {
  /** 1-based data row (header excluded). */
  row: number;
  email: string;
  password: string;
  privilegeType: 'admin' | 'normal';
  name: string;
  parentEmail: string | null;
  companySection: string;
  carLimit: number | null;
  /** Empty unless the format has the shop code (the bike site's). */
  shopCode: string;
}

export interface UserCsvError {
  /** 1-based data row (header excluded); null for errors of the whole file. */
  row: number | null;
  code: ErrorCode;
  /** The column the error is about; for a header error, the first item that is not a known column. */
  field?: string;
}

export interface UserCsvExisting {
  /** Every live user's e-mail (any letter case). */
  emails: ReadonlySet<string>;
  /** E-mails of the admins of the importing domain. */
  adminEmails: ReadonlySet<string>;
  adminCount: number;
  normalCount: number;
  /** How many users the domain may register; null when not set. */
  registrationLimit: number | null;
  registeredCount: number;
}

export type UserCsvResult = { ok: true; rows: UserCsvRow[] } | { ok: false; errors: UserCsvError[] };

const fileError = (code: ErrorCode): UserCsvResult => ({ ok: false, errors: [{ row: null, code }] });

/** Decode UTF-8 strictly, dropping one BOM; null when the bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    // ignoreBOM false: the decoder itself drops a leading BOM.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

const lower = (set: ReadonlySet<string>): Set<string> => new Set([...set].map((e) => e.trim().toLowerCase()));

function checkHeader(cells: readonly string[], header: readonly string[]): UserCsvError | null {
  const names = cells.map((c) => c.trim());
  const unknown = names.find((n) => !header.includes(n));
  if (unknown !== undefined) return { row: null, code: 'csv_header_mismatch', field: unknown };
  if (names.length !== header.length || names.some((n, i) => n !== header[i])) {
    return { row: null, code: 'csv_header_mismatch' };
  }
  return null;
}

export function validateUserCsv(input: {
  bytes: Uint8Array;
  existing: UserCsvExisting;
  /** The host's format (userCsvHeader); the usual one when absent. */
  header?: readonly UserCsvColumn[];
}): UserCsvResult {
  const { bytes, existing } = input;
  const format = input.header ?? USER_CSV_HEADER;
  if (bytes.byteLength > CSV_MAX_BYTES) return fileError('csv_too_large');
  const text = decodeUtf8(bytes);
  if (text === null) return fileError('csv_not_utf8');
  // A NUL never occurs in a text file: this is a binary file that happens to decode.
  if (text.includes('\u0000')) return fileError('csv_unsupported_format');
  const parsed = parseCsv(text);
  if (!parsed.ok) return fileError('csv_unsupported_format');

  const [header, ...body] = parsed.records;
  if (!header) return fileError('csv_header_mismatch');
  const headerError = checkHeader(header, format);
  if (headerError) return { ok: false, errors: [headerError] };

  const dataRows = body
    .map((cells, index) => ({ row: index + 1, cells }))
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (dataRows.length === 0) return fileError('csv_no_user');
  if (dataRows.length > CSV_MAX_USERS) return fileError('csv_over_100');

  const registered = lower(existing.emails);
  const existingAdmins = lower(existing.adminEmails);
  const seen = new Set<string>();
  const fileAdmins = new Set<string>();
  const errors: UserCsvError[] = [];
  const rows: UserCsvRow[] = [];

  for (const { row, cells } of dataRows) {
    if (cells.length !== format.length) {
      errors.push({ row, code: 'csv_header_mismatch' });
      continue;
    }
    const cell = (col: UserCsvColumn): string => {
      const index = format.indexOf(col);
      const raw = index === -1 ? '' : (cells[index] ?? '');
      return col === 'password' ? raw : raw.trim();
    };
    const rowErrors: UserCsvError[] = [];
    const fail = (code: ErrorCode, field?: UserCsvColumn) =>
      rowErrors.push(field ? { row, code, field } : { row, code });

    for (const col of USER_CSV_REQUIRED) {
      if (cell(col).trim() === '') fail('csv_required_cell_empty', col);
    }

    // E-mail: format, then uniqueness in the file and in the product.
    let email = '';
    if (cell('email') !== '') {
      const parsedEmail = emailSchema.safeParse(cell('email'));
      if (!parsedEmail.success) fail('csv_invalid_email', 'email');
      else {
        email = parsedEmail.data;
        if (seen.has(email)) fail('csv_duplicate_email', 'email');
        else if (registered.has(email)) fail('csv_email_already_registered', 'email');
        seen.add(email);
      }
    }

    const password = cell('password');
    if (password.trim() !== '') {
      if (password.length < PASSWORD_MIN_LENGTH) fail('csv_password_too_short', 'password');
      else if (password.length > PASSWORD_MAX_LENGTH || !isPrintableAscii(password)) {
        fail('csv_invalid_user_data', 'password');
      }
    }

    const privilege = cell('privilege_type').toLowerCase();
    const privilegeType = (USER_CSV_PRIVILEGE_TYPES as readonly string[]).includes(privilege)
      ? (privilege as UserCsvRow['privilegeType'])
      : null;
    if (privilege !== '' && !privilegeType) fail('csv_invalid_user_data', 'privilege_type');

    const name = cell('name');
    if (name.length > USER_CSV_TEXT_MAX_LENGTH) fail('csv_invalid_user_data', 'name');
    const companySection = cell('company_section');
    if (companySection.length > USER_CSV_TEXT_MAX_LENGTH) fail('csv_invalid_user_data', 'company_section');

    const shopCode = cell('shop_code');
    if (!/^[\x20-\x7e]{0,50}$/.test(shopCode)) fail('csv_invalid_user_data', 'shop_code');

    const carLimitText = cell('car_limit');
    let carLimit: number | null = null;
    if (carLimitText !== '') {
      const n = /^[0-9]{1,7}$/.test(carLimitText) ? Number(carLimitText) : Number.NaN;
      if (Number.isInteger(n) && n <= USER_CSV_CAR_LIMIT_MAX) carLimit = n;
      else fail('csv_invalid_user_data', 'car_limit');
    }

    const parentText = cell('parent_email');
    const parentEmail = parentText === '' ? null : parentText.toLowerCase();
    if (privilegeType === 'admin' && parentEmail !== null) fail('csv_unneeded_parent', 'parent_email');
    if (privilegeType === 'normal') {
      if (parentEmail === null) fail('csv_missing_parent', 'parent_email');
      else if (!existingAdmins.has(parentEmail) && !fileAdmins.has(parentEmail)) {
        fail('csv_unknown_parent', 'parent_email');
      }
    }
    // Recorded even when this row has other errors: its own problem is reported once, on its own row.
    if (privilegeType === 'admin' && email !== '') fileAdmins.add(email);

    if (rowErrors.length > 0 || !privilegeType) {
      errors.push(...rowErrors);
      continue;
    }
    rows.push({
      row,
      email,
      password,
      privilegeType,
      name,
      parentEmail: privilegeType === 'normal' ? parentEmail : null,
      companySection,
      carLimit,
      shopCode,
    });
  }

  // Totals after the import, over the rows as written (valid or not: the user fixes rows, not counts).
  const privilegeOf = (cells: readonly string[]) =>
    (cells[format.indexOf('privilege_type')] ?? '').trim().toLowerCase();
  const admins = dataRows.filter((r) => privilegeOf(r.cells) === 'admin').length;
  const normals = dataRows.filter((r) => privilegeOf(r.cells) === 'normal').length;
  if (existing.adminCount + admins > MAX_ADMIN_USERS) errors.push({ row: null, code: 'csv_admin_over_limit' });
  if (existing.normalCount + normals > MAX_NORMAL_USERS) errors.push({ row: null, code: 'csv_normal_over_limit' });
  if (existing.registrationLimit === null) {
    errors.push({ row: null, code: 'csv_registration_limit_not_set' });
  } else if (existing.registrationLimit < existing.registeredCount) {
    errors.push({ row: null, code: 'csv_registration_limit_below_registered' });
  } else if (existing.registeredCount + dataRows.length > existing.registrationLimit) {
    errors.push({ row: null, code: 'csv_registration_limit_exceeded' });
  }

  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}
