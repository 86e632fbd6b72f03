/**
 * A small RFC 4180 reader, inside the domain package so the server and the console check an uploaded CSV with the
 * same code (the console can refuse a bad file before uploading it) and the package stays free of dependencies
 * other than zod. The files it reads are at most 1 MB, so it works on a whole string, not a stream.
 *
 * What it accepts (readings, copied to docs/decisions.md):
 * - Fields separated by commas; records ended by CRLF, LF or a lone CR (spreadsheets on every platform).
 * - A field in double quotes may hold commas, line breaks and doubled quotes (`""` is one quote).
 * - A quote inside an unquoted field is kept as a character (lenient, as spreadsheets are); text after a closing
 *   quote other than a separator, and a quote left open at the end, are format errors.
 * - A line break at the very end does not start an empty record. An empty line in the middle is a record with one
 *   empty field; the caller decides what blank records mean.
 * - No BOM handling here: decoding (and dropping a BOM) is the caller's step.
 */

export type CsvParseResult =
  | { ok: true; records: string[][] }
  | { ok: false; reason: 'unterminated_quote' | 'text_after_quote'; record: number };

export function parseCsv(text: string): CsvParseResult {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  const n = text.length;
  // True once anything (a character, a separator or a quote) belongs to the current record.
  let recordStarted = false;

  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
    recordStarted = false;
  };

  while (i < n) {
    const ch = text[i];
    // A quote opens a quoted field only at the start of a field (after a closing quote only a separator may follow).
    if (ch === '"' && field === '') {
      // A quoted field: read to the closing quote.
      recordStarted = true;
      i++;
      let closed = false;
      while (i < n) {
        const c = text[i];
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          closed = true;
          i++;
          break;
        }
        field += c;
        i++;
      }
      if (!closed) return { ok: false, reason: 'unterminated_quote', record: records.length + 1 };
      const next = text[i];
      if (i < n && next !== ',' && next !== '\n' && next !== '\r') {
        return { ok: false, reason: 'text_after_quote', record: records.length + 1 };
      }
      continue;
    }
    if (ch === ',') {
      recordStarted = true;
      endField();
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    recordStarted = true;
    field += ch;
    i++;
  }
  if (recordStarted || field !== '') endRecord();
  return { ok: true, records };
}

/** One CSV field as RFC 4180 writes it: quoted when it holds a comma, quote or line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One record, CRLF-terminated. */
export function csvRecord(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
