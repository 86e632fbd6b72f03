import type { SubmitHandler } from 'react-hook-form';
import type { z } from 'zod';
import { focusFirstInvalid } from '../../../components/focusFirstInvalid.ts';
import { refusalFieldErrors } from '../../../forms/refusalErrors.ts';
import { useServerFieldErrors } from '../../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../../forms/useZodForm.ts';
import { companyFieldText } from './CompanyFieldsForm.tsx';
import { COMPANY_FIELD_NAMES, type CompanyModalValues, companyModalSchema } from './companyForm.ts';

/** Every field a company form shows, in its order: the refusals of the server land on these. */
const FIELDS = ['headquarters_id', ...COMPANY_FIELD_NAMES] as const;

type Schema = ReturnType<typeof companyModalSchema>;

/**
 * Both company forms (the edit page and the add or edit modal) on the one form pattern: the domain's company
 * schema (a branch also names its headquarters), refusals beside their fields, the user taken to the first one
 * (focusFirstInvalid: scrolled into view, inside the dialog). The typed values survive any refusal.
 */
export function useCompanyForm(kind: 'headquarters' | 'branch', defaultValues: CompanyModalValues) {
  const form = useZodForm(companyModalSchema(kind), {
    defaultValues,
    message: companyFieldText,
    shouldFocusError: false,
  });
  const showRefusal = useServerFieldErrors(form, {
    fields: FIELDS,
    errorsOf: refusalFieldErrors(FIELDS, companyFieldText),
    focus: focusFirstInvalid,
  });
  /** The submit handler: `save` runs with the checked company once the schema accepts the form. */
  const submit = (save: SubmitHandler<z.output<Schema>>) => form.handleSubmit(save, () => focusFirstInvalid());
  const hasErrors = Object.keys(form.formState.errors).length > 0;
  return { form, showRefusal, submit, hasErrors };
}
