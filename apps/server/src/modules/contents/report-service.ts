import { Readable } from 'node:stream';
import {
  type ContentsReportQuery,
  contentsReportFileName,
  contentsReportHeader,
  csvRecord,
  reportMonthRange,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { contentScopeOf } from './list-service.ts';
import { type ReportDetailRow, type ReportFilter, type ReportSummaryRow, reportRepo } from './report-repo.ts';

/** Excel reads a UTF-8 file as UTF-8 only after this mark. */
const UTF8_BOM = '\uFEFF';
/** Rows read per query while the file streams. */
const REPORT_BATCH = 1000;

const iso = (d: Date | null) => (d === null ? '' : d.toISOString());

const detailCells = (r: ReportDetailRow) => [
  r.id,
  r.management_id,
  r.maker,
  r.car_name,
  r.owner_name,
  r.publication,
  iso(r.created_at),
  iso(r.updated_at),
  iso(r.deleted_at),
];

const summaryCells = (r: ReportSummaryRow) => [
  r.owner_id,
  r.owner_name,
  ...[r.registered, r.created, r.deleted, r.published, r.sleeping].map(String),
];

/**
 * The file as a stream: the BOM and header first, then each page of rows as it is read. The stream asks for the
 * next page only when the client has taken the previous one, so memory holds one page whatever the file's size.
 */
function csvStream<T>(header: readonly string[], pages: AsyncIterable<T[]>, cells: (row: T) => string[]): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield UTF8_BOM + csvRecord(header);
    for await (const rows of pages) {
      let text = '';
      for (const row of rows) text += csvRecord(cells(row));
      yield text;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** `GET /contents_report`: the month's vehicles the caller sees, one line each or counted per owner. */
export function contentsReportService(db: Db) {
  const repo = reportRepo(db);
  return {
    async report(actor: Actor, q: ContentsReportQuery): Promise<{ fileName: string; stream: Readable }> {
      const caller = await loadCaller(db, actor);
      const filter: ReportFilter = {
        // The list's scope: the report covers exactly the vehicles the caller's list shows.
        scope: contentScopeOf(caller.permission),
        ...reportMonthRange(q.month),
        withSleeping: q.sleep === '1',
      };
      const header = contentsReportHeader(q.report_type);
      const stream =
        q.report_type === 'detail'
          ? csvStream(header, repo.detail(filter, REPORT_BATCH), detailCells)
          : csvStream(header, repo.summary(filter, REPORT_BATCH), summaryCells);
      return { fileName: contentsReportFileName(q.month, q.report_type), stream };
    },
  };
}
export type ContentsReportService = ReturnType<typeof contentsReportService>;
