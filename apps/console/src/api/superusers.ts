import type { FieldError } from '@spinyard/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import type { UserRecord } from './users.ts';

/**
 * The master's super-user calls (`/v1/superusers...`, apps/server/src/modules/users/routes.ts) and the activation
 * resend. Writes are silent so the modals can put field errors beside their fields.
 */

/** The user answer of the super-user routes. */
export interface SuperuserRecord extends UserRecord {
  login_limit_count?: number | null;
}

export interface SuperuserCreateBody {
  domain_id: string;
  email: string;
  name: string;
}

export interface SuperuserCreated {
  user: SuperuserRecord;
  activation_mail_sent: boolean;
}

export interface SuperuserUpdateBody {
  email?: string;
  name?: string;
  phone?: string;
  /** Master only. */
  car_limit?: number | null;
  /** Master only. */
  is_pay_by_credit?: boolean;
  /** Master only. */
  login_limit_count?: number | null;
  /** Master only. */
  two_step_forced?: boolean;
}

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
  return useQuery({
    queryKey: superuserKeys.one(id ?? ''),
    queryFn: () => fetchSuperuser(id ?? ''),
    enabled: Boolean(id),
    staleTime: 0,
  });
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

function whole(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^[0-9]+$/.test(trimmed) ? Number(trimmed) : 'invalid';
}

/**
 * The update body of the edit modal: only the fields that differ from what was loaded, or the field errors the
 * console can tell before sending (required name and e-mail, whole numbers in range).
 */
export function superuserUpdateOf(
  initial: SuperuserFormValues,
  values: SuperuserFormValues,
): { ok: true; body: SuperuserUpdateBody } | { ok: false; fields: FieldError[] } {
  const fields: FieldError[] = [];
  const body: SuperuserUpdateBody = {};
  const name = values.name.trim();
  const email = values.email.trim();
  if (name === '') fields.push({ field: 'name', rule: 'required', message: 'Enter a name.' });
  else if (name !== initial.name.trim()) body.name = name;
  if (email === '') fields.push({ field: 'email', rule: 'required', message: 'Enter an e-mail address.' });
  else if (email !== initial.email.trim()) body.email = email;
  if (values.phone.trim() !== initial.phone.trim()) body.phone = values.phone.trim();
  const carLimit = whole(values.car_limit);
  if (carLimit === 'invalid' || (carLimit !== null && carLimit > 1_000_000)) {
    fields.push({ field: 'car_limit', rule: 'range', message: 'Enter a whole number from 0 to 1,000,000.' });
  } else if (carLimit !== whole(initial.car_limit)) body.car_limit = carLimit;
  const loginLimit = whole(values.login_limit_count);
  if (loginLimit === 'invalid' || (loginLimit !== null && (loginLimit < 1 || loginLimit > 100))) {
    fields.push({ field: 'login_limit_count', rule: 'range', message: 'Enter a whole number from 1 to 100.' });
  } else if (loginLimit !== whole(initial.login_limit_count)) body.login_limit_count = loginLimit;
  if (values.is_pay_by_credit !== initial.is_pay_by_credit) body.is_pay_by_credit = values.is_pay_by_credit;
  if (values.two_step_forced !== initial.two_step_forced) body.two_step_forced = values.two_step_forced;
  return fields.length > 0 ? { ok: false, fields } : { ok: true, body };
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
