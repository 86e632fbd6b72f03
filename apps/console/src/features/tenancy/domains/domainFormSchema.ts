import type { FieldError } from '@spinyard/domain';
import { z } from 'zod';
import { type DomainFormMode, type DomainFormValues, domainFormErrors } from './domainForm.ts';

/**
 * The domain form's field paths: the server's names (`host`, `options.vehicle_limit`), except the new super
 * user's address and name, which the form holds flat (`super_user_email`) and the server nests
 * (`super_user.email`; `super_user` for the pair).
 */
const FORM_PATHS: Readonly<Record<string, string>> = {
  super_user: 'super_user_email',
  'super_user.email': 'super_user_email',
  'super_user.name': 'super_user_name',
};
const API_FIELDS: Readonly<Record<string, string>> = {
  super_user_email: 'super_user.email',
  super_user_name: 'super_user.name',
};

/** Where a refusal named by the server (or by domainFormErrors) sits on the form. */
export function formPathOf(field: string): string {
  return FORM_PATHS[field] ?? field;
}

/** The server's name of a form path: the labels and texts of the tenancy screens are keyed by it. */
export function apiFieldOf(path: string): string {
  return API_FIELDS[path] ?? path;
}

/**
 * The add or edit form's schema: every rule of domainFormErrors (the domain package's host, code, name and
 * option schemas, and the super user's fields of the create body), each on the input it concerns.
 */
export function domainFormSchema(mode: DomainFormMode) {
  return z
    .custom<DomainFormValues>((value) => typeof value === 'object' && value !== null)
    .superRefine((values, ctx) => {
      for (const refused of domainFormErrors(values, mode)) {
        ctx.addIssue({
          code: 'custom',
          path: formPathOf(refused.field).split('.'),
          message: refused.message,
          params: { rule: refused.rule },
        });
      }
    });
}

/** The refusals react-hook-form holds, back as the server names them (one per field), for the field texts. */
export function fieldErrorsOfForm(errors: unknown, prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  if (typeof errors !== 'object' || errors === null) return out;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'root' || typeof value !== 'object' || value === null) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const error = value as { type?: unknown; message?: unknown };
    if (typeof error.type === 'string') {
      out.push({ field: apiFieldOf(path), rule: error.type, message: String(error.message ?? '') });
    } else {
      out.push(...fieldErrorsOfForm(value, path));
    }
  }
  return out;
}
