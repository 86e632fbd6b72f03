import { CsvError, type Options, parse } from 'csv-parse/browser/esm/sync';
import { stringify } from 'csv-stringify/browser/esm/sync';

/**
 * CSV through csv-parse and csv-stringify, inside the domain package so the server and the console read an
 * uploaded CSV with the same code (the console refuses a bad file before uploading it). The browser ESM builds
 * run unchanged in Node and in the console's bundle. Files are at most 1 MB, so a whole string is read at once.
 *
 * Readings (copied to docs/decisions.md):
 * - Fields separated by commas; records ended by CRLF, LF or a lone CR, mixed in one file if need be.
 * - A field in double quotes may hold commas, line breaks and doubled quotes (`""` is one quote). A quote that
 *   does not open a field is kept as a character (lenient, as spreadsheets are); a quote left open at the end is
 *   a format error.
 * - A line break at the very end does not start an empty record. An empty line in the middle is a record with one
 *   empty field; the caller decides what blank records mean. Records may differ in length (the caller checks).
 * - No BOM handling here: decoding (and dropping a BOM) is the caller's step.
 */

export type CsvParseResult =
  | { ok: true; records: string[][] }
  | { ok: false; reason: 'unterminated_quote' | 'malformed'; record: number };

const PARSE_OPTIONS: Options = {
  delimiter: ',',
  record_delimiter: ['\r\n', '\n', '\r'],
  quote: '"',
  escape: '"',
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: false,
};

export function parseCsv(text: string): CsvParseResult {
  try {
    return { ok: true, records: parse(text, PARSE_OPTIONS) as string[][] };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // `records` counts the records read before the broken one; ours are 1-based.
    const record = Number((error as CsvError & { records?: number }).records ?? 0) + 1;
    return { ok: false, reason: error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'unterminated_quote' : 'malformed', record };
  }
}

/**
 * Characters that make a spreadsheet read a cell as a formula (`=`, `+`, `-`, `@`) or that some read past (tab,
 * carriage return). A cell starting with one is written after a `'`, so opening an exported file never runs
 * what a user typed (CSV injection). Quotes already in front of one get one more, so restoreFormula gives every
 * written cell back exactly (a text `'=x` is written `''=x` and read back as `'=x`).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The value a neutralised cell stood for: an upload of a downloaded CSV reads what the download wrote. */
export function restoreFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** Records as RFC 4180 writes them (quoted when needed, CRLF after each), every cell neutralised. */
export function writeCsv(records: readonly (readonly string[])[]): string {
  return stringify(
    records.map((r) => [...r]),
    // A lone LF or CR in a cell must be quoted too (csv-stringify quotes only the record delimiter by itself).
    { record_delimiter: '\r\n', quoted_match: /[\r\n]/, cast: { string: neutraliseFormula } },
  );
}

/** One record, CRLF-terminated. */
export function csvRecord(values: readonly string[]): string {
  return writeCsv([values]);
}
