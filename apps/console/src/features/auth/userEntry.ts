import { PASSWORD_CHANGE_MESSAGES, type RegistrationBody, registrationBody, ruleIssue } from '@spinyard/domain';
import { z } from 'zod';
import { retypeCheck, retypeField } from '../../forms/retype.ts';

/**
 * The self-registration form of /user/entry (first document section 2; the terms accepted first, second document
 * section 5): the domain's registrationBody, which the server checks, plus the password's retype (client only)
 * and the terms box, which must be ticked to send.
 */
export const entryFormSchema = registrationBody
  .pick({ company_name: true, name: true, email: true, password: true, phone: true })
  .extend({
    retypedPassword: retypeField(PASSWORD_CHANGE_MESSAGES.retype_required),
    accept_terms: z.boolean().refine((accepted) => accepted, ruleIssue('required')),
  })
  .superRefine(...retypeCheck('password', 'retypedPassword', PASSWORD_CHANGE_MESSAGES.must_match));

export type EntryValues = z.input<typeof entryFormSchema>;

/** In the order of the form: the first refused one takes the focus. */
export const ENTRY_FIELDS = [
  'company_name',
  'name',
  'email',
  'password',
  'retypedPassword',
  'phone',
  'accept_terms',
] as const satisfies readonly (keyof EntryValues)[];

/**
 * The request body from the checked form: no retype, the phone only when given, the terms accepted, and the version
 * of the terms the page showed when it has it (the server refuses it if a newer one was published meanwhile).
 */
export function entryBody(
  values: z.output<typeof entryFormSchema>,
  termsVersion?: number,
): RegistrationBody & { accept_terms: true } {
  const { retypedPassword: _retyped, phone, ...rest } = values;
  return {
    ...rest,
    accept_terms: true,
    ...(phone ? { phone } : {}),
    ...(termsVersion === undefined ? {} : { terms_version: termsVersion }),
  };
}
