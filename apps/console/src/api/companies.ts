import type {
  BranchAnswer,
  BranchCreateBody,
  BranchesParams,
  BranchUpdateBody,
  CompanyAnswer,
  CompanyInfoAnswer,
  CompanyKind,
  CompanyPatchBody,
  HeadquartersAnswer,
  HeadquartersCreateBody,
  HeadquartersParams,
  ImageUploadBody,
  PageOf,
} from '@spinyard/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useListQuery } from './listQuery.ts';
import { PROFILE_QUERY_KEY, type Profile } from './profile.ts';
import { useRecordQuery } from './recordQuery.ts';
import { sessionCache } from './sessionCache.ts';
import { useRefetchingWrite } from './writes.ts';

/**
 * Companies: the caller's own (`/v1/companyinfo`, `/v1/company`), headquarters and branches (`/v1/headquarters`,
 * `/v1/branches`). Reads notify failures through the client; writes are silent so forms show field errors.
 */

export type { CompanyKind };
export type Company = CompanyAnswer;
export type Headquarters = HeadquartersAnswer;
export type Branch = BranchAnswer;
export type CompanyInfo = CompanyInfoAnswer;

/** The editable fields, as sent: any subset (the server merges them into the stored company). */
export type CompanyPatch = CompanyPatchBody;

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
  one: (id: string) => ['companies', 'one', id] as const,
};

const optionalQ = (q: string) => (q.trim() === '' ? undefined : q.trim());

export function fetchCompanyInfo(): Promise<CompanyInfo> {
  return apiGet<CompanyInfo>('/v1/companyinfo');
}

export function fetchHeadquarters(query: CompanyListQuery): Promise<PageOf<Headquarters>> {
  return apiGet<PageOf<Headquarters>>('/v1/headquarters', {
    query: {
      page: query.page,
      limit: query.limit,
      q: optionalQ(query.q),
      domain_id: query.domainId,
    } satisfies HeadquartersParams,
  });
}

export function fetchHeadquartersById(id: string): Promise<Company> {
  return apiGet<Company>(`/v1/headquarters/${seg(id)}`);
}

export function fetchBranches(query: CompanyListQuery): Promise<PageOf<Branch>> {
  return apiGet<PageOf<Branch>>('/v1/branches', {
    query: {
      page: query.page,
      limit: query.limit,
      q: optionalQ(query.q),
      domain_id: query.domainId,
      headquarters_id: query.headquartersId,
    } satisfies BranchesParams,
  });
}

async function post<T>(path: string, json: object): Promise<T> {
  return (await apiRequest<T>(path, { method: 'POST', json, errors: 'silent' })).data;
}

export function editOwnCompany(patch: CompanyPatch): Promise<Company> {
  return post<Company>('/v1/company', patch);
}

export function uploadCompanyLogo(image: string, fileName?: string): Promise<Company> {
  const json: ImageUploadBody = fileName ? { image, file_name: fileName.slice(0, 255) } : { image };
  return post<Company>('/v1/company/logo', json);
}

export async function removeCompanyLogo(): Promise<Company> {
  return (await apiRequest<Company>('/v1/company/logo', { method: 'DELETE', errors: 'silent' })).data;
}

export function createHeadquarters(body: HeadquartersCreateBody): Promise<Company> {
  return post<Company>('/v1/headquarters', body);
}

export function updateHeadquarters(id: string, patch: CompanyPatch): Promise<Company> {
  return post<Company>(`/v1/headquarters/${seg(id)}`, patch);
}

export function createBranch(body: BranchCreateBody): Promise<Company> {
  return post<Company>('/v1/branches', body);
}

export function updateBranch(id: string, patch: BranchUpdateBody): Promise<Company> {
  return post<Company>(`/v1/branches/${seg(id)}`, patch);
}

export function useCompanyInfo() {
  return useQuery({ queryKey: companyKeys.info, queryFn: fetchCompanyInfo, staleTime: 0 });
}

export function useHeadquartersList(query: CompanyListQuery, enabled = true) {
  return useListQuery(companyKeys.headquarters(query), () => fetchHeadquarters(query), { enabled });
}

/** How many headquarters a picker shows at once: more are reached by typing, searched on the server. */
export const HEADQUARTERS_PICKER_LIMIT = 30;

/** The first headquarters of a domain matching a search typed in a picker. */
export function useHeadquartersSearch(domainId: string | undefined, q: string) {
  return useHeadquartersList({ page: 1, limit: HEADQUARTERS_PICKER_LIMIT, q: q.trim(), domainId });
}

/** One headquarters, for the label of a stored choice that is not among a picker's answered rows. */
export function useHeadquarters(id: string | undefined) {
  return useRecordQuery(id, companyKeys.one, fetchHeadquartersById, { staleTime: 10_000 });
}

export function useBranchList(query: CompanyListQuery, enabled = true) {
  return useListQuery(companyKeys.branches(query), () => fetchBranches(query), { enabled });
}

// ---- Writes: each hook owns what its success makes stale ------------------------------------------------------

/**
 * The signed-in user's company as the rest of the console shows it after a write: the company page's answer,
 * every company list, and the name in the profile (the sidebar's title), cached for the session.
 */
function storeOwnCompany(client: QueryClient, company: Company): void {
  client.setQueryData<CompanyInfo>(companyKeys.info, (info) => (info ? { ...info, company } : info));
  void client.invalidateQueries({ queryKey: companyKeys.all });
  const profile = client.getQueryData<Profile>(PROFILE_QUERY_KEY);
  if (profile?.company && profile.company.id === company.id && profile.company.name !== company.name) {
    const next: Profile = { ...profile, company: { ...profile.company, name: company.name } };
    client.setQueryData(PROFILE_QUERY_KEY, next);
    sessionCache.write('profile', next);
  }
}

/** POST /v1/company: the caller's own company. */
export function useEditOwnCompany() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editOwnCompany, onSuccess: (company) => storeOwnCompany(client, company) });
}

/** The own company's logo stored or removed: the answer is the company as every screen shows it. */
export function useUploadCompanyLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ image, fileName }: { image: string; fileName?: string }) => uploadCompanyLogo(image, fileName),
    onSuccess: (company) => storeOwnCompany(client, company),
  });
}

export function useRemoveCompanyLogo() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeCompanyLogo, onSuccess: (company) => storeOwnCompany(client, company) });
}

export function useCreateHeadquarters() {
  return useRefetchingWrite(companyKeys.all, createHeadquarters);
}

export function useUpdateHeadquarters() {
  return useRefetchingWrite(companyKeys.all, ({ id, patch }: { id: string; patch: CompanyPatch }) =>
    updateHeadquarters(id, patch),
  );
}

export function useCreateBranch() {
  return useRefetchingWrite(companyKeys.all, createBranch);
}

export function useUpdateBranch() {
  return useRefetchingWrite(companyKeys.all, ({ id, patch }: { id: string; patch: BranchUpdateBody }) =>
    updateBranch(id, patch),
  );
}
