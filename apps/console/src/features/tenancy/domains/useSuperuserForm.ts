import type { FieldError } from '@spinyard/domain';
import type { DefaultValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { superuserFieldErrors } from '../../../api/superusers.ts';
import { focusFirstInvalid } from '../../../components/focusFirstInvalid.ts';
import { refusalOf } from '../../../components/refusal.ts';
import type { FormSchema } from '../../../forms/domainResolver.ts';
import type { FormErrors } from '../../../forms/formErrors.ts';
import { useServerFieldErrors } from '../../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../../forms/useZodForm.ts';
import { fieldErrorText } from '../shared/fieldText.ts';

const BOUNDS: Readonly<Record<string, { min: number; max: number }>> = {
  car_limit: { min: 0, max: 1_000_000 },
  login_limit_count: { min: 1, max: 100 },
};

/** A refused field of a super-user dialog named by its label, with the bounds of the limits. */
function superuserFieldText(error: FieldError, label: string): string {
  // Text that is no whole number is out of the field's range, as the dialog's hint says.
  const refused = error.rule === 'integer' ? { ...error, rule: 'range' } : error;
  const bounds = BOUNDS[error.field];
  return fieldErrorText(refused, { label, ...(bounds ? { bounds } : {}) });
}

/**
 * A super-user dialog's form (add, or edit) on the one form pattern: the API's body schema, each refused field
 * labelled `superusers.fields.<field>`, the user taken to the first one; a 409 duplicate address goes on the
 * e-mail field. `text` and `check` give an input's props for one field.
 */
export function useSuperuserForm<S extends FormSchema>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  fields: readonly (Path<z.input<S>> & string)[],
) {
  const { t } = useTranslation();
  const wording = (error: FieldError) => superuserFieldText(error, t(`superusers.fields.${error.field}`));
  const form = useZodForm(schema, { defaultValues, message: wording, shouldFocusError: false });
  const showRefusal = useServerFieldErrors(form, {
    fields,
    focus: focusFirstInvalid,
    errorsOf: (error): FormErrors<string> => {
      const refusal = refusalOf(error);
      const out: Record<string, string> = {};
      for (const refused of superuserFieldErrors(refusal.code, refusal.fields)) {
        if (fields.includes(refused.field as Path<z.input<S>> & string)) out[refused.field] ??= wording(refused);
      }
      return { fields: out };
    },
  });
  const props = (field: Path<z.input<S>> & string) => ({
    ...form.field(field),
    label: t(`superusers.fields.${field}`),
  });
  return {
    form,
    showRefusal,
    refused: Object.keys(form.formState.errors).length > 0,
    submit: (save: (values: z.output<S>) => void) => form.handleSubmit(save, () => focusFirstInvalid()),
    text: props,
    check: props,
  };
}
