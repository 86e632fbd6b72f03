import type { DomainOptions, DomainOptionsPatch, HostFlag, PageSize, UserStatus } from '@spinyard/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';

/**
 * The master's domain calls (`/v1/domain...`, apps/server/src/modules/tenancy/routes.ts). Reads notify failures
 * through the client as usual; writes are silent so the forms can put field errors beside their fields.
 */

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export type DomainStatus = 'active' | 'deleting';
export type VehicleLimitMode = DomainOptions['limit_mode'];

export interface DomainSummary {
  id: string;
  host: string;
  company_code: string;
  service_name: string;
  host_flags: HostFlag[];
  status: DomainStatus;
  deletion_requested_at: string | null;
  vehicle_limit: number | null;
  limit_mode: VehicleLimitMode;
  registered_vehicles: number;
  created_at: string;
  updated_at: string;
}

export interface DomainSuperUser {
  id: string;
  email: string;
  name: string;
  status: UserStatus;
}

export interface DomainDetail extends DomainSummary {
  options: DomainOptions;
  logo_url: string | null;
  splash_url: string | null;
  round_logo_url: string | null;
  main_company: { id: string; name: string } | null;
  super_users: DomainSuperUser[];
}

export interface DomainCreated extends DomainDetail {
  activation_mail_sent: boolean;
}

export type DuplicateReason = 'invalid_host' | 'domain_in_use' | 'domain_deleting' | 'company_code_in_use';

export interface DuplicateCheck {
  available: boolean;
  host?: string;
  reason?: DuplicateReason;
  fields?: { field: string; rule: string; message: string }[];
}

export interface MaxContents {
  domain_id: string;
  vehicle_limit: number | null;
  limit_mode: VehicleLimitMode;
  registered_vehicles: number;
  max_registered_per_user: number;
  remaining: number | null;
}

export interface DomainCreateBody {
  host: string;
  company_code: string;
  service_name: string;
  company_name?: string;
  host_flags?: HostFlag[];
  options?: DomainOptionsPatch;
  super_user: { email: string; name: string };
}

export interface DomainUpdateBody {
  host?: string;
  service_name?: string;
  host_flags?: HostFlag[];
  options?: DomainOptionsPatch;
}

/** The three pictures of a domain and the path segment of their upload route. */
export type DomainImageKind = 'logo' | 'splash' | 'round_logo';
export const DOMAIN_IMAGE_PATHS: Readonly<Record<DomainImageKind, string>> = {
  logo: 'logo',
  splash: 'splash',
  round_logo: 'round-logo',
};

export interface DomainListQuery {
  page: number;
  limit: PageSize;
  q: string;
}

const seg = encodeURIComponent;

export const domainKeys = {
  all: ['domains'] as const,
  list: (query: DomainListQuery) => ['domains', 'list', query] as const,
  byCode: (code: string) => ['domains', 'code', code] as const,
  maxContents: (id: string) => ['domains', 'max-contents', id] as const,
};

export function fetchDomains(query: DomainListQuery): Promise<PageOf<DomainSummary>> {
  const q = query.q.trim();
  return apiGet<PageOf<DomainSummary>>('/v1/domain', {
    query: { page: query.page, limit: query.limit, q: q === '' ? undefined : q },
  });
}

export function fetchDomainByCode(code: string): Promise<DomainDetail> {
  return apiGet<DomainDetail>(`/v1/domain/code/${seg(code)}`);
}

export function fetchMaxContents(id: string): Promise<MaxContents> {
  return apiGet<MaxContents>(`/v1/domain/max-contents/${seg(id)}`);
}

/** Whether a host (and a company code) can be registered. Failures are the caller's: the form says "not checked". */
export function checkDomainAvailability(
  host: string,
  companyCode: string | undefined,
  signal?: AbortSignal,
): Promise<DuplicateCheck> {
  return apiGet<DuplicateCheck>(`/v1/domain/duplicate-check/${seg(host)}`, {
    query: { company_code: companyCode },
    errors: 'silent',
    ...(signal ? { signal } : {}),
  });
}

export async function createDomain(body: DomainCreateBody): Promise<DomainCreated> {
  return (await apiRequest<DomainCreated>('/v1/domain', { method: 'POST', json: body, errors: 'silent' })).data;
}

export async function updateDomain(id: string, body: DomainUpdateBody): Promise<DomainDetail> {
  return (await apiRequest<DomainDetail>(`/v1/domain/${seg(id)}`, { method: 'POST', json: body, errors: 'silent' }))
    .data;
}

export async function deleteDomain(id: string): Promise<DomainDetail> {
  return (await apiRequest<DomainDetail>(`/v1/domain/${seg(id)}`, { method: 'DELETE', errors: 'silent' })).data;
}

/** Uploads a picture as a data: URL (the server decides the type from the bytes, never from the name). */
export async function uploadDomainImage(
  id: string,
  kind: DomainImageKind,
  image: string,
  fileName?: string,
): Promise<DomainDetail> {
  const json = fileName ? { image, file_name: fileName.slice(0, 255) } : { image };
  const path = `/v1/domain/${seg(id)}/${DOMAIN_IMAGE_PATHS[kind]}`;
  return (await apiRequest<DomainDetail>(path, { method: 'POST', json, errors: 'silent' })).data;
}

export async function removeDomainImage(id: string, kind: DomainImageKind): Promise<DomainDetail> {
  const path = `/v1/domain/${seg(id)}/${DOMAIN_IMAGE_PATHS[kind]}`;
  return (await apiRequest<DomainDetail>(path, { method: 'DELETE', errors: 'silent' })).data;
}

export function useDomainList(query: DomainListQuery) {
  return useQuery({
    queryKey: domainKeys.list(query),
    queryFn: () => fetchDomains(query),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useDomainByCode(code: string | undefined) {
  return useQuery({
    queryKey: domainKeys.byCode(code ?? ''),
    queryFn: () => fetchDomainByCode(code ?? ''),
    enabled: Boolean(code),
    staleTime: 0,
  });
}

export function useMaxContents(id: string | undefined) {
  return useQuery({
    queryKey: domainKeys.maxContents(id ?? ''),
    queryFn: () => fetchMaxContents(id ?? ''),
    enabled: Boolean(id),
    staleTime: 0,
  });
}
