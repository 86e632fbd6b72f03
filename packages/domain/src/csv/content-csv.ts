import type { BasicInfoKey } from '../schemas/contents.ts';

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
