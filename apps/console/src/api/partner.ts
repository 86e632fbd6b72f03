import {
  CORPORATION_LIST_PAGE_SIZE,
  type PartnerBillingReportParams,
  partnerBillingFileName,
  partnerBillingReportQuery,
  type ReportingKeyAnswer,
  type ReportingKeyCreateBody,
  type ReportingKeySecretAnswer,
} from '@spinyard/domain';
import { useQuery } from '@tanstack/react-query';
import { saveBlob } from '../lib/saveBlob.ts';
import { apiGet, apiRequest } from './client.ts';
import { companyKeys, useBranchList, useHeadquartersList } from './companies.ts';
import { useRefetchingWrite } from './writes.ts';

/**
 * The partner screens' calls (issue 22): every corporation and location in one page (second document, section 9),
 * their deletion, the partner billing report as a file, and the reporting API's keys. Writes are silent: the
 * screens show refusals where the action was.
 */

export type ReportingKey = ReportingKeyAnswer;
export type ReportingKeySecret = ReportingKeySecretAnswer;

const seg = encodeURIComponent;
const ALL = { page: 1, limit: CORPORATION_LIST_PAGE_SIZE, q: '' };

/** Every corporation (headquarters) of the caller's domain. */
export function useAllCorporations() {
  return useHeadquartersList(ALL);
}

/** Every corporation contact (location, branch) of the caller's domain. */
export function useAllCorporationContacts() {
  return useBranchList(ALL);
}

async function remove<T>(path: string): Promise<T> {
  return (await apiRequest<T>(path, { method: 'DELETE', errors: 'silent' })).data;
}

export function useDeleteCompany() {
  return useRefetchingWrite(companyKeys.all, ({ id, kind }: { id: string; kind: 'headquarters' | 'branch' }) =>
    remove(`/v1/${kind === 'branch' ? 'branches' : 'headquarters'}/${seg(id)}`),
  );
}

/**
 * The month's partner billing report as a file the browser saves, named with the partner's company code (the
 * host's, from the company-code lookup, as the server names it); a bad month never leaves the browser.
 */
export async function downloadPartnerBillingReport(params: PartnerBillingReportParams, companyCode: string) {
  const query = partnerBillingReportQuery.parse(params);
  const { data } = await apiRequest<Blob>('/v1/partner-billing-report', {
    query: { month: query.month, headquarters_id: query.headquarters_id },
    as: 'blob',
    errors: 'silent',
  });
  saveBlob(data, partnerBillingFileName(query.month, companyCode));
}

const KEYS = ['reporting-keys'] as const;

export function useReportingKeys() {
  return useQuery({
    queryKey: KEYS,
    queryFn: () => apiGet<{ items: ReportingKey[] }>('/v1/reporting-api-keys'),
    staleTime: 0,
  });
}

async function post<T>(path: string, json?: object): Promise<T> {
  return (await apiRequest<T>(path, { method: 'POST', ...(json ? { json } : {}), errors: 'silent' })).data;
}

export function useCreateReportingKey() {
  return useRefetchingWrite(KEYS, (body: ReportingKeyCreateBody) =>
    post<ReportingKeySecret>('/v1/reporting-api-keys', body),
  );
}

export function useRotateReportingKey() {
  return useRefetchingWrite(KEYS, (id: string) => post<ReportingKeySecret>(`/v1/reporting-api-keys/${seg(id)}/rotate`));
}

export function useRevokeReportingKey() {
  return useRefetchingWrite(KEYS, (id: string) => remove(`/v1/reporting-api-keys/${seg(id)}`));
}
