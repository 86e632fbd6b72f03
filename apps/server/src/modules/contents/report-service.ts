import type { Readable } from 'node:stream';
import {
  type ContentsReportLogEntry,
  type ContentsReportQuery,
  contentsReportFileName,
  contentsReportHeader,
  reportMonthRange,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { csvStream } from '../../http/csv-stream.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { contentScopeOf } from './list-service.ts';
import { type ReportLogScope, reportLogRepo } from './report-log-repo.ts';
import { type ReportDetailRow, type ReportFilter, type ReportSummaryRow, reportRepo } from './report-repo.ts';

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

/** `GET /contents_report`: the month's vehicles the caller sees, one line each or counted per owner. */
export function contentsReportService(db: Db) {
  const repo = reportRepo(db);
  const log = reportLogRepo(db);
  return {
    async report(actor: Actor, q: ContentsReportQuery): Promise<{ fileName: string; stream: Readable }> {
      const caller = await loadCaller(db, actor);
      const filter: ReportFilter = {
        // The list's scope: the report covers exactly the vehicles the caller's list shows.
        scope: contentScopeOf(caller.permission),
        ...reportMonthRange(q.month),
        withSleeping: q.sleep === '1',
      };
      // Logged when asked for, before the file streams: a download cut short was still a report handed out.
      await log.record({
        domainId: actor.domainId,
        userId: actor.userId,
        month: q.month,
        reportType: q.report_type,
        sleep: q.sleep === '1',
      });
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

/** Master reads every domain's log, a super their domain's, anyone else their own downloads. */
function logScopeOf(actor: Actor): ReportLogScope {
  if (actor.privilegeType === 'master') return { kind: 'all' };
  if (actor.privilegeType === 'super') return { kind: 'domain', domainId: actor.domainId };
  return { kind: 'user', userId: actor.userId };
}

/** `GET /contents-report/log`: the contents reports downloaded, newest first. */
export function contentsReportLogService(db: Db) {
  const log = reportLogRepo(db);
  return {
    async page(actor: Actor, q: { page: number; limit: number }) {
      const { rows, total } = await log.page(logScopeOf(actor), q.page, q.limit);
      const items: ContentsReportLogEntry[] = rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
      return { items, total, page: q.page, limit: q.limit };
    },
  };
}
export type ContentsReportLogService = ReturnType<typeof contentsReportLogService>;
