import {
  CONTENT_CSV_HEADER,
  type ContentCsvKey,
  contentCsvCells,
  csvRecord,
  parseCsv,
  periodQuery,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/database.ts';
import type { Session } from '../helpers/factory.ts';

/** Sends a CSV file to the vehicle CSV edit as the console does: the file's bytes as a text/csv body. */
export function uploadCsv(
  app: FastifyInstance,
  who: Pick<Session, 'contentToken'>,
  body: string | Uint8Array,
  path: 'csv' | 'csv_check' = 'csv',
) {
  return app.inject({
    method: 'POST',
    url: `/api/browser/v0/contents/${path}`,
    headers: { authorization: `Bearer ${who.contentToken}`, 'content-type': 'text/csv' },
    payload: typeof body === 'string' ? body : Buffer.from(body),
  });
}

/** Today's vehicles as the list's CSV download writes them (created today in Japan, the period of one day). */
export async function downloadCsv(app: FastifyInstance, who: Pick<Session, 'contentToken'>): Promise<string> {
  const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  const period = periodQuery('created', today, today);
  if (!period) throw new Error('no period');
  const query = new URLSearchParams({ create_csv: '1', limit: '300', ...period });
  const res = await app.inject({
    method: 'GET',
    url: `/api/browser/v0/contents?${query}`,
    headers: { authorization: `Bearer ${who.contentToken}` },
  });
  if (res.statusCode !== 200) throw new Error(`download: ${res.statusCode} ${res.body}`);
  return res.body;
}

/** The stored vehicles as CSV lines, each cell by item, for a test to change before uploading. */
export async function csvLines(db: Db, ids: readonly string[]): Promise<Record<ContentCsvKey, string>[]> {
  const rows = await db.selectFrom('contents').selectAll().where('id', 'in', ids).orderBy('id').execute();
  return rows.map((row) => {
    const cells = contentCsvCells({ ...row, owner: { name: 'owner' } });
    return Object.fromEntries(CONTENT_CSV_HEADER.map((key, i) => [key, cells[i] ?? ''])) as Record<
      ContentCsvKey,
      string
    >;
  });
}

/** A CSV file (header and lines) from lines given by item, as a spreadsheet saves it. */
export function csvFile(lines: readonly Record<ContentCsvKey, string>[]): string {
  return csvRecord([...CONTENT_CSV_HEADER]) + lines.map((l) => csvRecord(CONTENT_CSV_HEADER.map((k) => l[k]))).join('');
}

/**
 * A file written back as a spreadsheet saves what it opened: each cell as it was read (a neutralised `'=...`
 * stays as it is), quoted only where CSV needs it.
 */
export function savedAsIs(lines: readonly Record<ContentCsvKey, string>[]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [CONTENT_CSV_HEADER.join(','), ...lines.map((l) => CONTENT_CSV_HEADER.map((k) => cell(l[k])).join(','))]
    .map((l) => `${l}\r\n`)
    .join('');
}

/** The lines of a downloaded file by item, cells as written (the BOM dropped). */
export function linesOf(text: string): Record<ContentCsvKey, string>[] {
  const parsed = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!parsed.ok) throw new Error('unreadable CSV');
  return parsed.records
    .slice(1)
    .map(
      (cells) =>
        Object.fromEntries(CONTENT_CSV_HEADER.map((key, i) => [key, cells[i] ?? ''])) as Record<ContentCsvKey, string>,
    );
}

/** The values a test compares before and after an upload. */
export async function snapshot(db: Db, ids: readonly string[]) {
  return db.selectFrom('contents').selectAll().where('id', 'in', ids).orderBy('id').execute();
}
