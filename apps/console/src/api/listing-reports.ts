import {
  type CsCriteoAnswer,
  type CsOverviewAnswer,
  type CsReportAccountsAnswer,
  csReportFileName,
} from '@spinyard/domain';
import { useQuery } from '@tanstack/react-query';
import { saveBlob } from '../lib/saveBlob.ts';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';

/**
 * The master's listing reports (`/cs/report/...`): every dealer's link statistics (/statistic/cs-chart) and a
 * dealer's advertising report (/statistic/cs-criteo-chart), each with its CSV file. Reads are silent: each page says
 * what went wrong in its own words (a dealer signed out of the partner is not the master's to fix).
 */

const REPORT = `${CONTENT_API_BASE}/cs/report`;

interface Period {
  from: string;
  to: string;
}

export function useListingOverview(period: Period, enabled: boolean) {
  return useQuery({
    queryKey: ['listing', 'report', 'all', period.from, period.to],
    queryFn: () => apiGet<CsOverviewAnswer>(`${REPORT}/all`, { query: { ...period }, errors: 'silent' }),
    enabled,
  });
}

export function useListingAccounts(enabled: boolean) {
  return useQuery({
    queryKey: ['listing', 'report', 'accounts'],
    queryFn: () => apiGet<CsReportAccountsAnswer>(`${REPORT}/accounts`, { errors: 'silent' }),
    enabled,
  });
}

export function useListingCriteo(params: Period & { user_id: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['listing', 'report', 'criteo', params.user_id, params.from, params.to],
    queryFn: () => apiGet<CsCriteoAnswer>(`${REPORT}/criteo`, { query: { ...params }, errors: 'silent' }),
    enabled,
    retry: false,
  });
}

/** A report's CSV file (`all` or `criteo`) as the browser saves it; a refusal is shown by the client. */
export async function downloadListingReport(
  report: 'all' | 'criteo',
  query: Period & { user_id?: string },
): Promise<void> {
  const { data } = await apiRequest<Blob>(`${REPORT}/${report}/csv`, { query: { ...query }, as: 'blob' });
  const what = report === 'all' ? 'listing_statistics' : 'listing_ads';
  saveBlob(data, csReportFileName(what, query.from, query.to));
}
