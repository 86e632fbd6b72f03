import type {
  DomainCreateBody,
  DomainCreated,
  DomainDetail,
  DomainOptions,
  DomainSummary,
  DomainUpdateBody,
  DuplicateCheck,
  ImageUploadBody,
  MaxContents,
  PageOf,
  PageSize,
  TenancyListParams,
} from '@spinyard/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useListQuery } from './listQuery.ts';
import { useRefetchingWrite } from './writes.ts';

/**
 * The master's domain calls (`/v1/domain...`, apps/server/src/modules/tenancy/routes.ts). Reads notify failures
 * through the client as usual; writes are silent so the forms can put field errors beside their fields.
 */

// The screens name the domains contract through this module; every shape is the domain package's.
export type {
  DomainCreateBody,
  DomainCreated,
  DomainDetail,
  DomainStatus,
  DomainSummary,
  DomainSuperUser,
  DomainUpdateBody,
  DuplicateCheck,
  DuplicateReason,
  MaxContents,
  PageOf,
} from '@spinyard/domain';

import { useRecordQuery } from './recordQuery.ts';
export type VehicleLimitMode = DomainOptions['limit_mode'];

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
    query: { page: query.page, limit: query.limit, q: q === '' ? undefined : q } satisfies TenancyListParams,
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
  const json: ImageUploadBody = fileName ? { image, file_name: fileName.slice(0, 255) } : { image };
  const path = `/v1/domain/${seg(id)}/${DOMAIN_IMAGE_PATHS[kind]}`;
  return (await apiRequest<DomainDetail>(path, { method: 'POST', json, errors: 'silent' })).data;
}

export async function removeDomainImage(id: string, kind: DomainImageKind): Promise<DomainDetail> {
  const path = `/v1/domain/${seg(id)}/${DOMAIN_IMAGE_PATHS[kind]}`;
  return (await apiRequest<DomainDetail>(path, { method: 'DELETE', errors: 'silent' })).data;
}

export function useDomainList(query: DomainListQuery) {
  return useListQuery(domainKeys.list(query), () => fetchDomains(query), { staleTime: 10_000 });
}

export function useDomainByCode(code: string | undefined) {
  return useRecordQuery(code, domainKeys.byCode, fetchDomainByCode, { staleTime: 0 });
}

export function useMaxContents(id: string | undefined) {
  return useRecordQuery(id, domainKeys.maxContents, fetchMaxContents, { staleTime: 0 });
}

// ---- Writes: each hook owns what its success makes stale ------------------------------------------------------

/** A new domain shows in the domain list. */
export function useCreateDomain() {
  return useRefetchingWrite(domainKeys.all, createDomain);
}

/** A write answered with the domain: the answer is what its page shows at once; the lists are refetched. */
function useDomainWrite<A>(write: (args: A) => Promise<DomainDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (saved) => {
      client.setQueryData(domainKeys.byCode(saved.company_code), saved);
      await client.invalidateQueries({ queryKey: domainKeys.all });
    },
  });
}

export function useUpdateDomain() {
  return useDomainWrite(({ id, body }: { id: string; body: DomainUpdateBody }) => updateDomain(id, body));
}

/** The domain is marked as deleting until the nightly deletion. */
export function useDeleteDomain() {
  return useDomainWrite(deleteDomain);
}

/** A picture stored or removed: the answer is the domain as its page shows it. */
export function useUploadDomainImage() {
  return useDomainWrite(
    ({ id, kind, image, fileName }: { id: string; kind: DomainImageKind; image: string; fileName?: string }) =>
      uploadDomainImage(id, kind, image, fileName),
  );
}

export function useRemoveDomainImage() {
  return useDomainWrite(({ id, kind }: { id: string; kind: DomainImageKind }) => removeDomainImage(id, kind));
}
