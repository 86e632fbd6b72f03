import type { Db } from '../../db/database.ts';
import { onPage } from '../sql.ts';

export interface ReportLogEntry {
  domainId: string;
  userId: string;
  month: string;
  reportType: 'detail' | 'summary';
  sleep: boolean;
}

/** Whose entries a reader sees: every domain's (master), one domain's (super), or one user's own. */
export type ReportLogScope = { kind: 'all' } | { kind: 'domain'; domainId: string } | { kind: 'user'; userId: string };

export interface ReportLogRow {
  id: string;
  user_id: string;
  user_name: string;
  month: string;
  report_type: string;
  sleep: boolean;
  created_at: Date;
}

/** The log of contents reports downloaded (`contents_report_logs`, migration 0031): the one writer of the table. */
export function reportLogRepo(db: Db) {
  const scoped = (scope: ReportLogScope) => {
    let q = db.selectFrom('contents_report_logs as l').innerJoin('users as u', 'u.id', 'l.user_id');
    if (scope.kind === 'domain') q = q.where('l.domain_id', '=', scope.domainId);
    if (scope.kind === 'user') q = q.where('l.user_id', '=', scope.userId);
    return q;
  };
  return {
    async record(e: ReportLogEntry): Promise<void> {
      await db
        .insertInto('contents_report_logs')
        .values({ domain_id: e.domainId, user_id: e.userId, month: e.month, report_type: e.reportType, sleep: e.sleep })
        .execute();
    },

    async page(scope: ReportLogScope, page: number, limit: number): Promise<{ rows: ReportLogRow[]; total: number }> {
      const rows = await onPage(
        scoped(scope)
          .select(['l.id', 'l.user_id', 'u.name as user_name', 'l.month', 'l.report_type', 'l.sleep', 'l.created_at'])
          .orderBy('l.id', 'desc'),
        { page, limit },
      ).execute();
      const count = await scoped(scope)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirst();
      return { rows, total: Number(count?.n ?? 0) };
    },
  };
}
