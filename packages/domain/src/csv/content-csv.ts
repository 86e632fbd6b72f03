import { CSV_MAX_BYTES, CSV_MAX_CONTENTS } from '../constants.ts';
import type { ErrorCode } from '../errors.ts';
import type { PublicationState } from '../publication.ts';
import { idSchema } from '../schemas/common.ts';
import {
  type BasicInfoKey,
  CONTENT_NUMBER_BOUNDS,
  CONTENT_TEXT_MAX,
  type ContentUpdateBody,
  contentUpdateBody,
  type ListingLinkState,
} from '../schemas/contents.ts';
import { fieldErrorMap, fieldErrorsOf } from '../schemas/field-errors.ts';
import { parseCsv, restoreFormula } from './csv.ts';
import { decodeUtf8 } from './users-csv.ts';

/**
 * The vehicle CSV: the one format the list's CSV download writes and the CSV edit (/contents/bulk) reads back, so
 * a downloaded file uploads unchanged. Items are numbered from 1 in this order; the header row holds the item
 * keys (language-independent, so a file downloaded in Japanese uploads under any language). Item 15 is the
 * management ID, the cell the spec names required; the id (item 1) is the key the upload matches vehicles by.
 * Read-only items describe the vehicle for the spreadsheet and are not changed by an upload.
 */
export interface ContentCsvColumn {
  key: ContentCsvKey;
  /** Written by the download for reading; an upload leaves the vehicle's value as it is. */
  readOnly: boolean;
  required: boolean;
}

export type ContentCsvKey =
  | 'id'
  | 'publication'
  | 'owner'
  | 'created_at'
  | 'updated_at'
  | 'management_id'
  | 'chassis_number'
  | 'listing_id'
  | BasicInfoKey;

const ro = (key: ContentCsvKey, required = false): ContentCsvColumn => ({ key, readOnly: true, required });
const rw = (key: ContentCsvKey, required = false): ContentCsvColumn => ({ key, readOnly: false, required });

export const CONTENT_CSV_COLUMNS: readonly ContentCsvColumn[] = [
  ro('id', true),
  ro('publication'),
  ro('owner'),
  ro('created_at'),
  ro('updated_at'),
  rw('maker'),
  rw('car_name'),
  rw('body_color'),
  rw('first_registration_year'),
  rw('first_registration_month'),
  rw('handle'),
  rw('engine_type'),
  rw('displacement'),
  rw('mileage'),
  rw('management_id', true),
  rw('chassis_number'),
  rw('listing_id'),
  rw('inspection_period'),
  rw('repair_history'),
  rw('assessment_score'),
  rw('price_with_tax'),
  rw('total_price_with_tax'),
  rw('phone'),
  rw('mail'),
  rw('store'),
  rw('bike_style'),
  rw('parts_category'),
  rw('statutory_inspection'),
  rw('vehicle_inspection'),
];

export const CONTENT_CSV_HEADER: readonly ContentCsvKey[] = CONTENT_CSV_COLUMNS.map((c) => c.key);
export const CONTENT_CSV_FILE_NAME = 'contents.csv';

/** The cells of one vehicle in column order: numbers as digits, nulls as empty cells, dates as ISO 8601 (UTC). */
export function contentCsvCells(vehicle: Readonly<Record<string, unknown>>): string[] {
  return CONTENT_CSV_COLUMNS.map(({ key }) => {
    const value = key === 'owner' ? (vehicle.owner as { name?: string } | undefined)?.name : vehicle[key];
    if (value === null || value === undefined) return '';
    if (value instanceof Date) return value.toISOString();
    return String(value);
  });
}

// ---- Upload (/contents/bulk, POST /contents/csv) ---------------------------------------------------------------

/**
 * The check of an uploaded vehicle CSV, pure like the user CSV's: the server passes the bytes and what it knows of
 * the vehicles the file names, and gets either every row's new values or every refusal with its row.
 *
 * Readings (copied to docs/decisions.md):
 * - File rules stop the check: over 1 MB `csv_too_large`; not UTF-8 `csv_not_utf8` (one UTF-8 BOM is dropped);
 *   unreadable `csv_unsupported_format`; a header that is not exactly CONTENT_CSV_HEADER `csv_header_mismatch`
 *   (naming the first unknown item); more than 150 vehicle rows `csv_over_150`. A file with the header alone
 *   changes nothing and is not refused.
 * - Row numbers are 1-based data rows, the header excluded (row 1 is the spreadsheet's line 2); blank records are
 *   skipped but counted, as in the user CSV.
 * - A row with another number of cells is `csv_header_mismatch` on that row. Empty `id` or `management_id` is
 *   `csv_required_cell_empty` on the item.
 * - Cells the download neutralised (`'=...`) are read back without the quote (restoreFormula), so a downloaded
 *   file uploads unchanged. Read-only items (publication, owner, dates) are not read at all: a spreadsheet may
 *   reformat them.
 * - Every writable cell goes through the wizard's schema (contentUpdateBody), so the CSV refuses exactly what the
 *   wizard refuses, with the same rule names. Number cells accept half- or full-width digits and thousands
 *   commas (a spreadsheet's number format); choice cells (handle, repair history, inspections) take the
 *   download's values in any letter case, empty for none.
 * - The same id twice is `csv_duplicate_content` on the later row; the same management ID on two rows is
 *   `duplicate_vehicle_id` on the later row.
 * - With `existing` (the server's knowledge): an id that is not a vehicle the caller can see is
 *   `csv_unknown_content`. A row whose writable cells equal the stored values is unchanged: it is not an edit,
 *   so it is not refused for the vehicle's state and is not written (a dealer may upload the whole download after
 *   changing two rows, with linked or busy vehicles among the others). A changed row is refused when its vehicle
 *   is deleted (`csv_unknown_content`), under a listing-service link or waiting for one (`content_linked`), or
 *   locked for CONTENT.UPDATE by a running process (`content_locked` naming the process); its management ID must
 *   not be held by another vehicle of the domain (`duplicate_vehicle_id`), unless that vehicle is in the file
 *   with another management ID (two vehicles may swap their IDs in one file).
 */

export const CONTENT_CSV_REQUIRED: readonly ContentCsvKey[] = CONTENT_CSV_COLUMNS.filter((c) => c.required).map(
  (c) => c.key,
);
/** The items an upload changes: the writable ones. */
export type ContentCsvWritableKey = Exclude<
  ContentCsvKey,
  'id' | 'publication' | 'owner' | 'created_at' | 'updated_at'
>;
export const CONTENT_CSV_WRITABLE: readonly ContentCsvWritableKey[] = CONTENT_CSV_COLUMNS.filter(
  (c) => !c.readOnly,
).map((c) => c.key as ContentCsvWritableKey);

export type ContentCsvValues = Pick<ContentUpdateBody, ContentCsvWritableKey>;

export interface ContentCsvRow {
  /** 1-based data row (header excluded). */
  row: number;
  id: string;
  values: ContentCsvValues;
  /** False when the row equals the stored vehicle (known only with `existing`): nothing to write. */
  changed: boolean;
}

/** One refused cell or row: the rule is a field rule (`max_length`, `range`...) or a catalogue code. */
export interface ContentCsvRowError {
  row: number;
  /** The item (column key) the refusal is about; `id` for a rule of the whole row. */
  item: ContentCsvKey;
  rule: string;
  message: string;
  /** Values the message names: the process holding a lock, a bound. */
  params?: Record<string, string | number>;
}

export type ContentCsvResult =
  | { ok: true; rows: ContentCsvRow[] }
  | { ok: false; kind: 'file'; code: ErrorCode; item?: string }
  | { ok: false; kind: 'rows'; errors: ContentCsvRowError[] };

export interface ContentCsvStoredVehicle {
  /** Management IDs are unique per domain, so a master's file may hold the same one for two tenants. */
  domainId: string;
  /** The stored values of the writable items, as the schema outputs them (prices as numbers). */
  current: ContentCsvValues;
  publication: PublicationState;
  listingLink: ListingLinkState;
  /** The first running process that locks CONTENT.UPDATE on it, or null. */
  lockedBy: string | null;
}

/** What the server knows of the vehicles a file names. */
export interface ContentCsvExisting {
  /** The file's vehicles the caller can see (not permanently deleted), by id; an id absent here is unknown. */
  vehicles: ReadonlyMap<string, ContentCsvStoredVehicle>;
  /**
   * Which vehicle holds each management ID the file names, by managementIdKey(domain, management ID); vehicles
   * deleted for good hold none.
   */
  managementIdHolders: ReadonlyMap<string, string>;
}

/** The key of a management ID in its domain (unique there). */
export function managementIdKey(domainId: string, managementId: string): string {
  return `${domainId}:${managementId}`;
}

/** Listing-link states under which a vehicle cannot be edited (linked, being linked, or waiting for it). */
export const EDIT_BLOCKING_LISTING_LINKS: readonly ListingLinkState[] = ['waiting', 'linking', 'linked'];

const NUMBER_ITEMS = new Set<ContentCsvKey>([
  'first_registration_year',
  'first_registration_month',
  'displacement',
  'mileage',
  'price_with_tax',
  'total_price_with_tax',
]);
const CHOICE_ITEMS = new Set<ContentCsvKey>(['handle', 'repair_history', 'statutory_inspection', 'vehicle_inspection']);

const NUMBER_TEXT = /^[+-]?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;

/** A cell as the wizard's schema takes it: numbers and choices as values or null, text as text. */
function schemaInput(item: ContentCsvKey, cell: string): unknown {
  if (NUMBER_ITEMS.has(item)) {
    const text = cell.normalize('NFKC').trim();
    if (text === '') return null;
    // Not a number: handed on as text, which the schema refuses as a number's format.
    return NUMBER_TEXT.test(text) ? Number(text.replace(/,/g, '')) : text;
  }
  if (CHOICE_ITEMS.has(item)) {
    const text = cell.trim();
    return text === '' ? null : text.toLowerCase();
  }
  return cell;
}

/** The bound a refusal names, for the console's sentence (a range between two cells names none). */
function boundsOf(item: ContentCsvKey, rule: string, value: unknown): Record<string, number> | undefined {
  if (rule === 'max_length' && item in CONTENT_TEXT_MAX) {
    return { max: CONTENT_TEXT_MAX[item as keyof typeof CONTENT_TEXT_MAX] };
  }
  if (rule !== 'range') return undefined;
  const price = item === 'price_with_tax' || item === 'total_price_with_tax';
  const bounds = price
    ? CONTENT_NUMBER_BOUNDS.price
    : CONTENT_NUMBER_BOUNDS[item as keyof typeof CONTENT_NUMBER_BOUNDS];
  const outside = typeof value === 'number' && bounds && (value < bounds.min || value > bounds.max);
  return outside ? { ...bounds } : undefined;
}

function checkContentHeader(cells: readonly string[]): ContentCsvResult | null {
  const names = cells.map((c) => c.trim());
  const unknown = names.find((n) => !(CONTENT_CSV_HEADER as readonly string[]).includes(n));
  if (unknown !== undefined) return { ok: false, kind: 'file', code: 'csv_header_mismatch', item: unknown };
  if (names.length !== CONTENT_CSV_HEADER.length || names.some((n, i) => n !== CONTENT_CSV_HEADER[i])) {
    return { ok: false, kind: 'file', code: 'csv_header_mismatch' };
  }
  return null;
}

type Parsed = {
  row: number;
  id: string;
  /** The id cell is a well-formed id (so it can name a vehicle). */
  idValid: boolean;
  values: ContentCsvValues | null;
  changed: boolean;
  errors: ContentCsvRowError[];
};

/** One data row on its own: item count, required cells, the wizard's field rules. */
function checkRow(row: number, cells: readonly string[]): Parsed {
  const errors: ContentCsvRowError[] = [];
  if (cells.length !== CONTENT_CSV_HEADER.length) {
    const message = 'The item count of this row does not match the downloaded format.';
    const errors = [{ row, item: 'id' as const, rule: 'csv_header_mismatch', message }];
    return { row, id: '', idValid: false, values: null, changed: true, errors };
  }
  const cell = (item: ContentCsvKey) => restoreFormula(cells[CONTENT_CSV_HEADER.indexOf(item)] ?? '');
  for (const item of CONTENT_CSV_REQUIRED) {
    if (cell(item).trim() === '') {
      errors.push({ row, item, rule: 'csv_required_cell_empty', message: 'This required cell is empty.' });
    }
  }
  const id = cell('id').trim();
  const idValid = idSchema.safeParse(id).success;
  if (id !== '' && !idValid) {
    errors.push({ row, item: 'id', rule: 'format', message: 'An id is a positive whole number.' });
  }
  const input = Object.fromEntries(CONTENT_CSV_WRITABLE.map((item) => [item, schemaInput(item, cell(item))]));
  const parsed = contentUpdateBody.safeParse(input, { error: fieldErrorMap });
  if (!parsed.success) {
    for (const e of fieldErrorsOf(parsed.error, input)) {
      const item = e.field as ContentCsvKey;
      // An empty management ID is already reported as the required cell it is.
      if (item === 'management_id' && errors.some((x) => x.item === 'management_id')) continue;
      const params = boundsOf(item, e.rule, input[item]);
      errors.push({ row, item, rule: e.rule, message: e.message, ...(params ? { params } : {}) });
    }
  }
  const values = parsed.success
    ? (Object.fromEntries(CONTENT_CSV_WRITABLE.map((k) => [k, parsed.data[k]])) as ContentCsvValues)
    : null;
  return { row, id, idValid, values, changed: true, errors };
}

function sameValues(a: ContentCsvValues, b: ContentCsvValues): boolean {
  return CONTENT_CSV_WRITABLE.every((k) => a[k] === b[k]);
}

/** Rules across rows and against the stored vehicles. */
function checkAgainstOthers(rows: readonly Parsed[], existing: ContentCsvExisting | undefined): void {
  const ids = new Set<string>();
  const managementIds = new Set<string>();
  // Management IDs the file gives to the vehicles it names: a holder listed here with another ID frees its own.
  const newIdOf = new Map(rows.filter((r) => r.values).map((r) => [r.id, r.values?.management_id]));
  for (const r of rows) {
    const domainId = existing?.vehicles.get(r.id)?.domainId ?? '';
    const fail = (item: ContentCsvKey, rule: ErrorCode, message: string, params?: Record<string, string>) =>
      r.errors.push({ row: r.row, item, rule, message, ...(params ? { params } : {}) });
    if (r.id !== '') {
      if (ids.has(r.id)) fail('id', 'csv_duplicate_content', 'This vehicle appears more than once in the CSV.');
      ids.add(r.id);
    }
    const managementId = r.values?.management_id;
    if (managementId !== undefined) {
      const key = managementIdKey(domainId, managementId);
      if (managementIds.has(key)) {
        fail('management_id', 'duplicate_vehicle_id', 'This management ID is on another row of the CSV.');
      }
      managementIds.add(key);
    }
    if (!existing || !r.idValid) continue;
    const vehicle = existing.vehicles.get(r.id);
    const gone = vehicle?.publication === 'permanently_deleted';
    r.changed = !vehicle || r.values === null || !sameValues(r.values, vehicle.current);
    if (!vehicle || gone || (r.changed && vehicle.publication === 'deleted')) {
      fail('id', 'csv_unknown_content', 'No vehicle you can edit has this ID.');
      continue;
    }
    if (!r.changed) continue;
    if (EDIT_BLOCKING_LISTING_LINKS.includes(vehicle.listingLink)) {
      fail('id', 'content_linked', 'A vehicle linked to the listing service, or waiting for it, cannot be edited.');
    }
    if (vehicle.lockedBy !== null) {
      fail('id', 'content_locked', 'A background process is running on this vehicle.', { process: vehicle.lockedBy });
    }
    if (managementId !== undefined) {
      const holder = existing.managementIdHolders.get(managementIdKey(domainId, managementId));
      const holderKeepsIt = holder !== undefined && (newIdOf.get(holder) ?? managementId) === managementId;
      if (holder !== undefined && holder !== r.id && holderKeepsIt) {
        fail('management_id', 'duplicate_vehicle_id', 'This management ID is already used by another vehicle.');
      }
    }
  }
}

/**
 * Check an uploaded vehicle CSV. Without `existing` (the console, before sending) only the file and its own
 * rows are checked; the server passes `existing` and gets the complete verdict.
 */
export function validateContentCsv(input: { bytes: Uint8Array; existing?: ContentCsvExisting }): ContentCsvResult {
  const { bytes, existing } = input;
  if (bytes.byteLength > CSV_MAX_BYTES) return { ok: false, kind: 'file', code: 'csv_too_large' };
  const text = decodeUtf8(bytes);
  if (text === null) return { ok: false, kind: 'file', code: 'csv_not_utf8' };
  if (text.includes('\u0000')) return { ok: false, kind: 'file', code: 'csv_unsupported_format' };
  const parsed = parseCsv(text);
  if (!parsed.ok) return { ok: false, kind: 'file', code: 'csv_unsupported_format' };
  const [header, ...body] = parsed.records;
  if (!header) return { ok: false, kind: 'file', code: 'csv_header_mismatch' };
  const headerError = checkContentHeader(header);
  if (headerError) return headerError;

  const dataRows = body
    .map((cells, index) => ({ row: index + 1, cells }))
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (dataRows.length > CSV_MAX_CONTENTS) return { ok: false, kind: 'file', code: 'csv_over_150' };

  const rows = dataRows.map(({ row, cells }) => checkRow(row, cells));
  checkAgainstOthers(rows, existing);
  const errors = rows.flatMap((r) => r.errors);
  if (errors.length > 0) return { ok: false, kind: 'rows', errors };
  return {
    ok: true,
    rows: rows.map((r) => ({ row: r.row, id: r.id, values: r.values as ContentCsvValues, changed: r.changed })),
  };
}

/** The ids and management IDs a file names, read leniently, so the server looks up only those. */
export function contentCsvMentions(bytes: Uint8Array): { ids: string[]; managementIds: string[] } {
  const text = bytes.byteLength > CSV_MAX_BYTES ? null : decodeUtf8(bytes);
  const parsed = text === null ? undefined : parseCsv(text);
  if (!parsed?.ok) return { ids: [], managementIds: [] };
  const at = (item: ContentCsvKey) => CONTENT_CSV_HEADER.indexOf(item);
  const body = parsed.records.slice(1);
  const cells = (item: ContentCsvKey) =>
    body.map((r) => restoreFormula(r[at(item)] ?? '').trim()).filter((v) => v !== '');
  return {
    ids: [...new Set(cells('id').filter((v) => idSchema.safeParse(v).success))],
    managementIds: [...new Set(cells('management_id'))],
  };
}
