import type { Readable } from 'node:stream';
import {
  PARTNER_BILLING_HEADER,
  type PartnerBillingReportParams,
  partnerBillingFileName,
  reportMonthRange,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { csvStream } from '../../http/csv-stream.ts';
import type { Actor } from '../auth/service.ts';
import { type BillingLine, billingReadsRepo } from './reads-repo.ts';

type Query = Required<Pick<PartnerBillingReportParams, 'month'>> & Omit<PartnerBillingReportParams, 'month'>;

/**
 * The partner billing report (first document section 1, second document section 5): per month, one line per user
 * of a corporation or its locations with the partner's codes, as the partner's accounting takes it. Master reports
 * any domain (default their own), a super their own; others may not.
 */
export function partnerBillingReportService(db: Db) {
  const reads = billingReadsRepo(db);
  return {
    async report(actor: Actor, q: Query): Promise<{ fileName: string; stream: Readable }> {
      if (actor.privilegeType !== 'master' && actor.privilegeType !== 'super') throw new AppError('forbidden');
      const domainId = actor.privilegeType === 'master' ? (q.domain_id ?? actor.domainId) : actor.domainId;
      const partnerCode = await reads.companyCodeOf(domainId);
      if (partnerCode === undefined) throw new AppError('not_found');
      if (q.headquarters_id !== undefined && !(await reads.headquartersOf(domainId, q.headquarters_id))) {
        throw new AppError('not_found');
      }
      const lines = await reads.billingLines({
        domainId,
        headquartersId: q.headquarters_id,
        ...reportMonthRange(q.month),
      });
      const cells = (r: BillingLine) => [
        q.month,
        partnerCode,
        r.corporation_code,
        r.corporation_name,
        r.location_code ?? '',
        r.location_name ?? '',
        r.department,
        r.job_number,
        r.authorizer_job_number,
        r.user_id,
        r.user_name,
        String(r.registered),
        String(r.created),
        String(r.published),
      ];
      async function* pages() {
        yield lines;
      }
      return {
        fileName: partnerBillingFileName(q.month, partnerCode),
        stream: csvStream(PARTNER_BILLING_HEADER, pages(), cells),
      };
    },
  };
}
export type PartnerBillingReportService = ReturnType<typeof partnerBillingReportService>;
