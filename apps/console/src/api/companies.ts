import type { Company as CompanyFields } from '@spinyard/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import type { PageOf } from './domains.ts';

/**
 * Companies: the caller's own (`/v1/companyinfo`, `/v1/company`), headquarters and branches (`/v1/headquarters`,
 * `/v1/branches`). Reads notify failures through the client; writes are silent so forms show field errors.
 */

export type CompanyKind = 'headquarters' | 'branch';

export interface Company extends CompanyFields {
  id: string;
  domain_id: string;
  kind: CompanyKind;
  headquarters_id: string | null;
  logo_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface Headquarters extends Company {
  branch_count: number;
}

export interface CompanyInfo {
  company: Company;
  headquarters: { id: string; name: string } | null;
  domain: { host: string; company_code: string; service_name: string };
}

/** The editable fields, as sent: any subset (the server merges them into the stored company). */
export type CompanyPatch = Partial<CompanyFields>;

export interface CompanyListQuery {
  page: number;
  limit: number;
  q: string;
  /** Master: the domain whose headquarters or branches to list (a super always sees their own). */
  domainId?: string | undefined;
  /** Branches of one headquarters. */
  headquartersId?: string | undefined;
}

const seg = encodeURIComponent;

export const companyKeys = {
  all: ['companies'] as const,
  info: ['companies', 'info'] as const,
  headquarters: (query: CompanyListQuery) => ['companies', 'headquarters', query] as const,
  branches: (query: CompanyListQuery) => ['companies', 'branches', query] as const,
};

const optionalQ = (q: string) => (q.trim() === '' ? undefined : q.trim());

export function fetchCompanyInfo(): Promise<CompanyInfo> {
  return apiGet<CompanyInfo>('/v1/companyinfo');
}

export function fetchHeadquarters(query: CompanyListQuery): Promise<PageOf<Headquarters>> {
  return apiGet<PageOf<Headquarters>>('/v1/headquarters', {
    query: { page: query.page, limit: query.limit, q: optionalQ(query.q), domain_id: query.domainId },
  });
}

export function fetchBranches(query: CompanyListQuery): Promise<PageOf<Company>> {
  return apiGet<PageOf<Company>>('/v1/branches', {
    query: {
      page: query.page,
      limit: query.limit,
      q: optionalQ(query.q),
      domain_id: query.domainId,
      headquarters_id: query.headquartersId,
    },
  });
}

async function post<T>(path: string, json: unknown): Promise<T> {
  return (await apiRequest<T>(path, { method: 'POST', json, errors: 'silent' })).data;
}

export function editOwnCompany(patch: CompanyPatch): Promise<Company> {
  return post<Company>('/v1/company', patch);
}

export function uploadCompanyLogo(image: string, fileName?: string): Promise<Company> {
  return post<Company>('/v1/company/logo', fileName ? { image, file_name: fileName.slice(0, 255) } : { image });
}

export async function removeCompanyLogo(): Promise<Company> {
  return (await apiRequest<Company>('/v1/company/logo', { method: 'DELETE', errors: 'silent' })).data;
}

export function createHeadquarters(body: CompanyPatch & { name: string; domain_id?: string }): Promise<Company> {
  return post<Company>('/v1/headquarters', body);
}

export function updateHeadquarters(id: string, patch: CompanyPatch): Promise<Company> {
  return post<Company>(`/v1/headquarters/${seg(id)}`, patch);
}

export function createBranch(body: CompanyPatch & { name: string; headquarters_id: string }): Promise<Company> {
  return post<Company>('/v1/branches', body);
}

export function updateBranch(id: string, patch: CompanyPatch & { headquarters_id?: string }): Promise<Company> {
  return post<Company>(`/v1/branches/${seg(id)}`, patch);
}

export function useCompanyInfo() {
  return useQuery({ queryKey: companyKeys.info, queryFn: fetchCompanyInfo, staleTime: 0 });
}

export function useHeadquartersList(query: CompanyListQuery, enabled = true) {
  return useQuery({
    queryKey: companyKeys.headquarters(query),
    queryFn: () => fetchHeadquarters(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBranchList(query: CompanyListQuery, enabled = true) {
  return useQuery({
    queryKey: companyKeys.branches(query),
    queryFn: () => fetchBranches(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
