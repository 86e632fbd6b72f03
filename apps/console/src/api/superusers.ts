import {
  type FieldError,
  type PageOf,
  type PageSize,
  parseFields,
  type SuperuserCreateBody,
  type SuperuserCreatedAnswer,
  type SuperuserListParams,
  type SuperuserUpdateBody,
  superuserUpdateBody,
  type UserAnswer,
} from '@spinyard/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { domainKeys } from './domains.ts';
import { useListQuery } from './listQuery.ts';
import { useRecordQuery } from './recordQuery.ts';
import { useRefetchingWrite } from './writes.ts';

/**
 * The master's super-user calls (`/v1/superusers...`, apps/server/src/modules/users/routes.ts) and the activation
 * resend. Writes are silent so the modals can put field errors beside their fields.
 */

/** The user answer of the super-user routes. */
export type SuperuserRecord = UserAnswer;
export type SuperuserCreated = SuperuserCreatedAnswer;
export type { SuperuserCreateBody, SuperuserUpdateBody };

/** The values of the edit modal; numbers stay text while typed ('' for no limit). */
export interface SuperuserFormValues {
  name: string;
  email: string;
  phone: string;
  car_limit: string;
  is_pay_by_credit: boolean;
  login_limit_count: string;
  two_step_forced: boolean;
}

const seg = encodeURIComponent;

export const superuserKeys = {
  all: ['superusers'] as const,
  one: (id: string) => ['superusers', 'one', id] as const,
};

export function fetchSuperuser(id: string): Promise<SuperuserRecord> {
  return apiGet<SuperuserRecord>(`/v1/superusers/${seg(id)}`);
}

export function useSuperuser(id: string | undefined) {
  return useRecordQuery(id, superuserKeys.one, fetchSuperuser, { staleTime: 0 });
}

export async function createSuperuser(body: SuperuserCreateBody): Promise<SuperuserCreated> {
  return (await apiRequest<SuperuserCreated>('/v1/superusers', { method: 'POST', json: body, errors: 'silent' })).data;
}

export async function updateSuperuser(id: string, body: SuperuserUpdateBody): Promise<SuperuserRecord> {
  return (
    await apiRequest<SuperuserRecord>(`/v1/superusers/${seg(id)}`, { method: 'POST', json: body, errors: 'silent' })
  ).data;
}

/** POST /v1/activation/resend: answers 200 whatever the address. */
export async function resendSuperuserActivation(email: string): Promise<void> {
  await apiRequest('/v1/activation/resend', { method: 'POST', json: { email } });
}

export function superuserFormOf(user: SuperuserRecord): SuperuserFormValues {
  return {
    name: user.name,
    email: user.email,
    phone: user.phone,
    car_limit: user.car_limit === null ? '' : String(user.car_limit),
    is_pay_by_credit: user.is_pay_by_credit,
    login_limit_count: user.login_limit_count == null ? '' : String(user.login_limit_count),
    two_step_forced: user.two_step_forced,
  };
}

/** Typed text as the number the API takes: null when empty; text that is no number stays as typed. */
function whole(text: string): number | null | string {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?[0-9]+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * What the edit modal sends before the body schema's check: name and e-mail always (they may not be emptied), the
 * other fields when they differ from what was loaded, the limits as numbers.
 */
export function superuserCandidateOf(initial: SuperuserFormValues, values: SuperuserFormValues) {
  const changed = <K extends keyof SuperuserFormValues>(key: K, read: (v: SuperuserFormValues[K]) => unknown) =>
    read(values[key]) !== read(initial[key]);
  const trim = (v: string) => v.trim();
  return {
    name: values.name,
    email: values.email,
    ...(changed('phone', trim) ? { phone: values.phone } : {}),
    ...(changed('car_limit', whole) ? { car_limit: whole(values.car_limit) } : {}),
    ...(changed('login_limit_count', whole) ? { login_limit_count: whole(values.login_limit_count) } : {}),
    ...(values.is_pay_by_credit !== initial.is_pay_by_credit ? { is_pay_by_credit: values.is_pay_by_credit } : {}),
    ...(values.two_step_forced !== initial.two_step_forced ? { two_step_forced: values.two_step_forced } : {}),
  };
}

/** The checked candidate as sent: name and e-mail only when they changed (compared as the server stores them). */
export function superuserBodyOf(initial: SuperuserFormValues, parsed: SuperuserUpdateBody): SuperuserUpdateBody {
  const { name, email, ...rest } = parsed;
  const body: SuperuserUpdateBody = rest;
  if (name !== undefined && name !== initial.name.trim()) body.name = name;
  if (email !== undefined && email !== initial.email.trim().toLowerCase()) body.email = email;
  return body;
}

/**
 * The update body of the edit modal: only the fields that differ from what was loaded (name and e-mail are always
 * checked, they may not be emptied), or the field errors the API's own body schema gives before sending.
 */
export function superuserUpdateOf(
  initial: SuperuserFormValues,
  values: SuperuserFormValues,
): { ok: true; body: SuperuserUpdateBody } | { ok: false; fields: FieldError[] } {
  const parsed = parseFields(superuserUpdateBody, superuserCandidateOf(initial, values));
  if (!parsed.ok) {
    // Text that is no whole number is out of the field's range, as the modal's hint says.
    return { ok: false, fields: parsed.fields.map((f) => (f.rule === 'integer' ? { ...f, rule: 'range' } : f)) };
  }
  // The parsed values are what the server would store: trimmed, the e-mail lower-cased.
  return { ok: true, body: superuserBodyOf(initial, parsed.data) };
}

/**
 * The field errors of a refused super-user write: the 422 fields as they are, a 409 email_already_registered under
 * the e-mail field; none when the refusal is about the whole request.
 */
export function superuserFieldErrors(code: string | undefined, fields: readonly FieldError[]): FieldError[] {
  if (fields.length > 0) return [...fields];
  if (code === 'email_already_registered') {
    return [
      { field: 'email', rule: 'email_already_registered', message: 'This e-mail address is already registered.' },
    ];
  }
  return [];
}

// ---- Writes: each hook owns what its success makes stale ------------------------------------------------------

/** A new super user shows in the domain's panels. */
export function useCreateSuperuser() {
  return useRefetchingWrite(domainKeys.all, createSuperuser);
}

/** An edited super user shows in the domain's panels and in the record the dialog loads. */
export function useUpdateSuperuser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SuperuserUpdateBody }) => updateSuperuser(id, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: domainKeys.all });
      await client.invalidateQueries({ queryKey: superuserKeys.all });
    },
  });
}

/** One page of a domain's super users, searched and paged by the server (`GET /v1/superusers`). */
export interface SuperuserListQuery {
  domainId: string;
  page: number;
  limit: PageSize;
  q: string;
}

export function fetchSuperuserList(query: SuperuserListQuery): Promise<PageOf<SuperuserRecord>> {
  const q = query.q.trim();
  return apiGet<PageOf<SuperuserRecord>>('/v1/superusers', {
    query: {
      domain_id: query.domainId,
      page: query.page,
      limit: query.limit,
      sort: 'created_asc',
      q: q || undefined,
    } satisfies SuperuserListParams,
  });
}

/** Under the domain's keys: adding or editing a super user refreshes the domain's panels, this list included. */
export function useSuperuserList(query: SuperuserListQuery) {
  return useListQuery([...domainKeys.all, 'superusers', query] as const, () => fetchSuperuserList(query));
}
