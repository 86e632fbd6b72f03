import { Readable } from 'node:stream';
import { CONTENT_CSV_HEADER, contentCsvCells, csvRecord } from '@spinyard/domain';
import type { ContentCsvRow } from './list-repo.ts';

/** Excel reads a UTF-8 file as UTF-8 only after this mark. */
const UTF8_BOM = '\uFEFF';

/** A stored row as contentCsvCells reads a vehicle: the owner as `{ name }`, prices as digits. */
function csvVehicle(row: ContentCsvRow): Record<string, unknown> {
  return { ...row, owner: { name: row.owner_name } };
}

/** The CSV text of one batch of vehicles, every record CRLF-terminated and every cell neutralised. */
function batchText(rows: readonly ContentCsvRow[]): string {
  let text = '';
  for (const row of rows) text += csvRecord(contentCsvCells(csvVehicle(row)));
  return text;
}

/**
 * The vehicle CSV download (the format of packages/domain/src/csv/content-csv.ts, which the CSV edit uploads back)
 * as a stream: the BOM and the header first, then each batch written as it is read. The stream pulls the next
 * batch only when the client has taken the previous one, so memory holds one batch whatever the file's size.
 */
export function contentCsvStream(batches: AsyncIterable<readonly ContentCsvRow[]>): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield UTF8_BOM + csvRecord([...CONTENT_CSV_HEADER]);
    for await (const rows of batches) yield batchText(rows);
  }
  return Readable.from(chunks(), { objectMode: false });
}
