import type { Readable } from 'node:stream';
import {
  LINKAGE_REPORT_HEADER,
  REPORTING_CALLS_PER_MINUTE,
  REPORTING_KEY_PATTERN,
  REPORTING_PAGE_MAX,
  type ReportingQuery,
  reportMonthRange,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { csvStream } from '../../http/csv-stream.ts';
import { type SlidingMinuteLimiter, slidingMinuteLimiter } from '../../http/rate-limit.ts';
import { reportingKeyHash } from './keys.ts';
import { keysRepo } from './keys-repo.ts';
import { linkageRepo } from './linkage-repo.ts';
import { linkageCells, linkageFileName, linkageItems } from './linkage-report.ts';
import { partnerReadsRepo, type ReadFilter } from './reads-repo.ts';

/** How long a key over its bound is asked to wait: the sliding minute frees a share of calls within seconds. */
const RATE_RETRY_SECONDS = 10;

const iso = (d: Date) => d.toISOString();

/**
 * The reporting API (second document, section 7: bills, contacts, contents and corporations, and the listing
 * linkage report) behind a key: each call names its key, reads that key's domain only, and counts against the
 * key's calls a minute on this node.
 */
export function reportingService(
  db: Db,
  limiter: SlidingMinuteLimiter = slidingMinuteLimiter({ perMinute: REPORTING_CALLS_PER_MINUTE }),
) {
  const keys = keysRepo(db);
  const reads = partnerReadsRepo(db);
  const linkage = linkageRepo(db);

  /** The page the key's domain asked for; an unknown, malformed, rotated or revoked key is 401, an eager one 429. */
  async function filterOf(key: string | undefined, q: ReportingQuery): Promise<ReadFilter> {
    if (key === undefined || !REPORTING_KEY_PATTERN.test(key)) throw new AppError('not_authenticated');
    const row = await keys.use(reportingKeyHash(key));
    if (!row) throw new AppError('not_authenticated');
    if (!limiter.allow(row.id)) {
      throw new AppError('rate_limited', {
        retryAfterSeconds: RATE_RETRY_SECONDS,
        params: { per_minute: REPORTING_CALLS_PER_MINUTE },
      });
    }
    return {
      domainId: row.domain_id,
      page: q.page,
      limit: q.limit,
      range: q.month ? reportMonthRange(q.month) : undefined,
    };
  }
  /** One call: the key's page read, each row shaped as the answer says. */
  const call =
    <R, T>(read: (f: ReadFilter) => Promise<{ rows: R[]; total: number }>, shape: (row: R) => T) =>
    async (key: string | undefined, q: ReportingQuery) => {
      const f = await filterOf(key, q);
      const { rows, total } = await read(f);
      return { items: rows.map(shape), total, page: f.page, limit: f.limit };
    };
  const stamped = <R extends { created_at: Date; updated_at: Date }>(r: R) => ({
    ...r,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  });

  return {
    bills: call(reads.bills, (r) => ({
      ...r,
      issued_at: iso(r.issued_at),
      total_without_tax: Number(r.total_without_tax),
      tax: Number(r.tax),
      total_with_tax: Number(r.total_with_tax),
    })),
    corporations: call(reads.corporations, (r) => ({ ...stamped(r), location_count: r.location_count ?? 0 })),
    contacts: call(reads.contacts, ({ parent_company_id, ...r }) => ({
      ...stamped(r),
      corporation_id: parent_company_id,
    })),
    contents: call(reads.contents, stamped),

    /** The linkage report: each vehicle's listing link as the listing tables hold it, and the count per state. */
    async linkage(key: string | undefined, q: ReportingQuery) {
      const f = await filterOf(key, q);
      const { rows, total, counts } = await linkage.page(f);
      const items = await linkageItems(linkage, rows);
      const byState = Object.fromEntries(counts.map((c) => [c.listing_link, c.n]));
      return { items, total, page: f.page, limit: f.limit, counts: byState };
    },

    /** The whole linkage report (month: changed in it) as CSV, read and written a page of 1,000 at a time. */
    async linkageCsv(key: string | undefined, q: { month?: string | undefined }) {
      const f = await filterOf(key, { page: 1, limit: REPORTING_PAGE_MAX, month: q.month });
      async function* pages() {
        for (let page = 1; ; page += 1) {
          const rows = await linkage.rows({ ...f, page });
          if (rows.length > 0) yield await linkageItems(linkage, rows);
          if (rows.length < f.limit) return;
        }
      }
      const stream: Readable = csvStream(LINKAGE_REPORT_HEADER, pages(), linkageCells);
      return { fileName: linkageFileName(q.month), stream };
    },
  };
}
export type ReportingService = ReturnType<typeof reportingService>;
