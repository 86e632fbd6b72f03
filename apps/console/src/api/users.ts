import { describeErrorResponse, type PageSize, type PrivilegeType, type UserStatus } from '@spinyard/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from './apiError.ts';
import { apiGet, apiRequest } from './client.ts';
import { tokens } from './tokens.ts';
import { buildUrl, type QueryValue } from './url.ts';

/**
 * The users area's calls (`/v1/subordinates...`, `/v1/privilege-type-change`, apps/server/src/modules/users).
 * Reads notify failures through the client as usual; writes are silent so the screens can put field errors
 * beside their fields and the rule messages (delete refused, CSV rows refused) where they belong.
 */

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  first_name: string;
  last_name: string;
  display_name: string;
  privilege_type: PrivilegeType;
  status: UserStatus;
  domain_id: string;
  domain_host: string;
  company_id: string | null;
  company_name: string | null;
  parent_user_id: string | null;
  parent_name: string | null;
  parent_email: string | null;
  group_id: string | null;
  group_name: string | null;
  company_section: string;
  phone: string;
  car_limit: number | null;
  is_pay_by_credit: boolean;
  two_step_auth: boolean;
  /** The second sign-in step forced on this user by whoever manages them. */
  two_step_forced: boolean;
  last_login_at: string | null;
  activated_at: string | null;
  created_at: string;
  updated_at: string;
}

export const USER_SORTS = [
  'created_desc',
  'created_asc',
  'updated_desc',
  'updated_asc',
  'name_asc',
  'name_desc',
  'email_asc',
  'email_desc',
] as const;
export type UserSort = (typeof USER_SORTS)[number];

export function isUserSort(value: string): value is UserSort {
  return (USER_SORTS as readonly string[]).includes(value);
}

export interface UserListQuery {
  page: number;
  limit: PageSize;
  q: string;
  sort: UserSort;
  privilegeType: 'admin' | 'normal' | '';
  status: UserStatus | '';
  parentUserId?: string;
}

/** The query string of GET /v1/subordinates: empty filters are left out. */
export function subordinateQuery(query: UserListQuery): Record<string, QueryValue> {
  const q = query.q.trim();
  return {
    page: query.page,
    limit: query.limit,
    sort: query.sort,
    q: q === '' ? undefined : q,
    privilege_type: query.privilegeType || undefined,
    status: query.status || undefined,
    parent_user_id: query.parentUserId || undefined,
  };
}

export interface SubordinateCreateBody {
  email: string;
  password: string;
  privilege_type: 'admin' | 'normal';
  name: string;
  parent_user_id?: string | null;
  company_section?: string;
  phone?: string;
  car_limit?: number | null;
  two_step_forced?: boolean;
}

export type SubordinateUpdateBody = Partial<Omit<SubordinateCreateBody, 'privilege_type' | 'parent_user_id'>> & {
  parent_user_id?: string;
};

export interface PrivilegeChangeAnswer {
  user: UserRecord;
  changed: { id: string; privilege_type: PrivilegeType; parent_user_id: string | null; car_limit: number | null }[];
}

/** One refused row of a CSV (row null for a rule of the whole file, such as a total). */
export interface CsvRowError {
  row: number | null;
  code: string;
  field?: string;
  message: string;
}

const seg = encodeURIComponent;

export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
  one: (id: string) => ['users', 'one', id] as const,
  admins: ['users', 'admins'] as const,
};

export function fetchSubordinates(query: UserListQuery): Promise<PageOf<UserRecord>> {
  return apiGet<PageOf<UserRecord>>('/v1/subordinates', { query: subordinateQuery(query) });
}

export function fetchSubordinate(id: string): Promise<UserRecord> {
  return apiGet<UserRecord>(`/v1/subordinates/${seg(id)}`);
}

/** Every admin the caller can choose as a parent (up to 300: a group has one admin, so this is plenty). */
export function fetchAdmins(): Promise<PageOf<UserRecord>> {
  return apiGet<PageOf<UserRecord>>('/v1/subordinates', {
    query: { privilege_type: 'admin', limit: 300, sort: 'name_asc' },
  });
}

export async function createSubordinate(body: SubordinateCreateBody): Promise<UserRecord> {
  return (await apiRequest<UserRecord>('/v1/subordinates', { method: 'POST', json: body, errors: 'silent' })).data;
}

export async function updateSubordinate(id: string, body: SubordinateUpdateBody): Promise<UserRecord> {
  return (await apiRequest<UserRecord>(`/v1/subordinates/${seg(id)}`, { method: 'POST', json: body, errors: 'silent' }))
    .data;
}

export async function deleteSubordinate(id: string): Promise<{ deleted: number }> {
  return (await apiRequest<{ deleted: number }>(`/v1/subordinates/${seg(id)}`, { method: 'DELETE', errors: 'silent' }))
    .data;
}

export async function deleteSubordinates(ids: string[]): Promise<{ deleted: number }> {
  return (
    await apiRequest<{ deleted: number }>('/v1/subordinates-delete', {
      method: 'DELETE',
      json: { ids },
      errors: 'silent',
    })
  ).data;
}

export async function setUserStatus(id: string, status: 'active' | 'inactive'): Promise<UserRecord> {
  return (
    await apiRequest<UserRecord>(`/v1/subordinates/${seg(id)}/status`, {
      method: 'POST',
      json: { status },
      errors: 'silent',
    })
  ).data;
}

export async function changePrivilege(
  id: string,
  privilegeType: 'admin' | 'normal',
  parentUserId: string | null,
): Promise<PrivilegeChangeAnswer> {
  const json =
    privilegeType === 'normal'
      ? { privilege_type: privilegeType, parent_user_id: parentUserId }
      : {
          privilege_type: privilegeType,
        };
  return (
    await apiRequest<PrivilegeChangeAnswer>(`/v1/privilege-type-change/${seg(id)}`, {
      method: 'POST',
      json,
      errors: 'silent',
    })
  ).data;
}

/** The CSV template (the header line) as a file. */
export async function downloadUserCsvTemplate(): Promise<Blob> {
  return (await apiRequest<Blob>('/v1/subordinates-template', { as: 'blob' })).data;
}

/** The rows of a `csv_invalid` answer, or [] for any other body. */
export function csvRowsOf(body: unknown): CsvRowError[] {
  if (typeof body !== 'object' || body === null) return [];
  const error = (body as { error?: { rows?: unknown } }).error;
  if (!error || !Array.isArray(error.rows)) return [];
  return error.rows.filter(
    (r): r is CsvRowError =>
      typeof r === 'object' && r !== null && typeof (r as CsvRowError).code === 'string' && 'row' in r,
  );
}

/**
 * POST /v1/subordinates-upload with the file's bytes as text/csv (the client only sends JSON and forms). Rejects
 * with an ApiError, as the client does, so the screen reads its code and rows; nothing is notified here.
 */
export async function uploadUserCsv(file: Blob): Promise<{ added: number }> {
  const token = tokens.access();
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'text/csv' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl('/v1/subordinates-upload', undefined, Date.now()), {
      method: 'POST',
      headers,
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, null, describeErrorResponse(0, null));
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (response.ok) return data as { added: number };
  throw new ApiError(response.status, data, describeErrorResponse(response.status, data));
}

export function useSubordinates(query: UserListQuery, enabled = true) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => fetchSubordinates(query),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    enabled,
  });
}

export function useSubordinate(id: string | undefined) {
  return useQuery({
    queryKey: userKeys.one(id ?? ''),
    queryFn: () => fetchSubordinate(id ?? ''),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function useAdmins(enabled = true) {
  return useQuery({ queryKey: userKeys.admins, queryFn: fetchAdmins, staleTime: 10_000, enabled });
}
