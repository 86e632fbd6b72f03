import {
  type CsvAddedAnswer,
  type CsvRowError,
  csvRowError,
  type DeletedAnswer,
  type PageOf,
  type PageSize,
  type PrivilegeChangeAnswer,
  type PrivilegeChangeBody,
  type StaffPrivilegeType,
  type SubordinateCreateBody,
  type SubordinateUpdateBody,
  type UserAnswer,
  type UserListParams,
  type UserSort,
  type UserStatus,
} from '@spinyard/domain';
import { apiGet, apiRequest } from './client.ts';
import { useListQuery } from './listQuery.ts';
import { useRecordQuery } from './recordQuery.ts';
import type { QueryValue } from './url.ts';
import { useRefetchingWrite } from './writes.ts';

/**
 * The users area's calls (`/v1/subordinates...`, `/v1/privilege-type-change`, apps/server/src/modules/users).
 * Reads notify failures through the client as usual; writes are silent so the screens can put field errors
 * beside their fields and the rule messages (delete refused, CSV rows refused) where they belong.
 */

export type { PageOf, UserSort } from '@spinyard/domain';
export { isUserSort, USER_SORTS } from '@spinyard/domain';

/** A user as the users routes answer it. */
export type UserRecord = UserAnswer;

export interface UserListQuery {
  page: number;
  limit: PageSize;
  q: string;
  sort: UserSort;
  privilegeType: StaffPrivilegeType | '';
  status: UserStatus | '';
  parentUserId?: string;
}

/** The query string of GET /v1/subordinates: empty filters are left out. */
export function subordinateQuery(query: UserListQuery): Record<string, QueryValue> {
  const q = query.q.trim();
  const params = {
    page: query.page,
    limit: query.limit,
    sort: query.sort,
    q: q === '' ? undefined : q,
    privilege_type: query.privilegeType || undefined,
    status: query.status || undefined,
    parent_user_id: query.parentUserId || undefined,
  } satisfies UserListParams;
  return params;
}

export type { CsvRowError, PrivilegeChangeAnswer, SubordinateCreateBody, SubordinateUpdateBody };

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

/** How many admins a parent picker shows at once: more are reached by typing, searched on the server. */
export const ADMIN_PICKER_LIMIT = 30 satisfies PageSize;

/** The first page of the admins the caller can choose as a parent whose name or address matches every keyword. */
export function fetchAdmins(q: string): Promise<PageOf<UserRecord>> {
  const text = q.trim();
  return apiGet<PageOf<UserRecord>>('/v1/subordinates', {
    query: {
      privilege_type: 'admin',
      limit: ADMIN_PICKER_LIMIT,
      sort: 'name_asc',
      q: text === '' ? undefined : text,
    } satisfies UserListParams,
  });
}

export async function createSubordinate(body: SubordinateCreateBody): Promise<UserRecord> {
  return (await apiRequest<UserRecord>('/v1/subordinates', { method: 'POST', json: body, errors: 'silent' })).data;
}

export async function updateSubordinate(id: string, body: SubordinateUpdateBody): Promise<UserRecord> {
  return (await apiRequest<UserRecord>(`/v1/subordinates/${seg(id)}`, { method: 'POST', json: body, errors: 'silent' }))
    .data;
}

export async function deleteSubordinate(id: string): Promise<DeletedAnswer> {
  return (await apiRequest<DeletedAnswer>(`/v1/subordinates/${seg(id)}`, { method: 'DELETE', errors: 'silent' })).data;
}

export async function deleteSubordinates(ids: string[]): Promise<DeletedAnswer> {
  return (
    await apiRequest<DeletedAnswer>('/v1/subordinates-delete', {
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
  privilegeType: StaffPrivilegeType,
  parentUserId: string | null,
): Promise<PrivilegeChangeAnswer> {
  const json: PrivilegeChangeBody =
    privilegeType === 'normal'
      ? { privilege_type: privilegeType, parent_user_id: parentUserId }
      : { privilege_type: privilegeType };
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
  return error.rows.flatMap((r) => {
    const row = csvRowError.safeParse(r);
    return row.success ? [row.data] : [];
  });
}

/**
 * POST /v1/subordinates-upload with the file's bytes as text/csv (the client only sends JSON and forms). Rejects
 * with an ApiError, as the client does, so the screen reads its code and rows; nothing is notified here.
 */
export async function uploadUserCsv(file: Blob): Promise<CsvAddedAnswer> {
  return (await apiRequest<CsvAddedAnswer>('/v1/subordinates-upload', { method: 'POST', csv: file, errors: 'silent' }))
    .data;
}

export function useSubordinates(query: UserListQuery, enabled = true) {
  return useListQuery(userKeys.list(query), () => fetchSubordinates(query), { staleTime: 5_000, enabled });
}

export function useSubordinate(id: string | undefined) {
  return useRecordQuery(id, userKeys.one, fetchSubordinate, { staleTime: 0 });
}

/** Admins matching a search typed in a parent picker (the empty search: the first ones by name). */
export function useAdmins(q: string, enabled = true) {
  return useListQuery([...userKeys.admins, q.trim()], () => fetchAdmins(q), { staleTime: 10_000, enabled });
}

// ---- Writes: each hook owns what its success makes stale ------------------------------------------------------

export function useCreateSubordinate() {
  return useRefetchingWrite(userKeys.all, createSubordinate);
}

export function useUpdateSubordinate() {
  return useRefetchingWrite(userKeys.all, ({ id, body }: { id: string; body: SubordinateUpdateBody }) =>
    updateSubordinate(id, body),
  );
}

export function useDeleteSubordinate() {
  return useRefetchingWrite(userKeys.all, deleteSubordinate);
}

export function useDeleteSubordinates() {
  return useRefetchingWrite(userKeys.all, deleteSubordinates);
}

/** All or nothing: the users of an accepted file join the lists. */
export function useUploadUserCsv() {
  return useRefetchingWrite(userKeys.all, uploadUserCsv);
}

export function useSetUserStatus() {
  return useRefetchingWrite(userKeys.all, ({ id, status }: { id: string; status: 'active' | 'inactive' }) =>
    setUserStatus(id, status),
  );
}

/** A privilege change moves the user and, for an admin becoming normal, their users under the new parent. */
export function useChangePrivilege() {
  return useRefetchingWrite(
    userKeys.all,
    ({
      id,
      to,
      parentUserId,
    }: {
      id: string;
      to: Parameters<typeof changePrivilege>[1];
      parentUserId: string | null;
    }) => changePrivilege(id, to, parentUserId),
  );
}
