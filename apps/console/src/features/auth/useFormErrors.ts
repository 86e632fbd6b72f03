import { createRef, type RefObject, useState } from 'react';
import type { FormErrors } from './formErrors.ts';

export interface FormErrorsState<F extends string> {
  errors: FormErrors<F>;
  /** The inputs of the fields, for focusing the first refused one. */
  refs: Record<F, RefObject<HTMLInputElement | null>>;
  /** Shows refusals and focuses the first refused field, in the form's order, so the user lands on it. */
  show: (found: FormErrors<F>) => void;
  /** Drops a field's message once the user edits it; the sentence about the whole form stays until a new try. */
  edited: (field: F) => void;
  clear: () => void;
}

/** The refusals of a form whose fields are `fields` (in the order the form shows them). */
export function useFormErrors<F extends string>(fields: readonly F[]): FormErrorsState<F> {
  const [errors, setErrors] = useState<FormErrors<F>>({ fields: {} });
  const [refs] = useState(
    () => Object.fromEntries(fields.map((f) => [f, createRef<HTMLInputElement>()])) as FormErrorsState<F>['refs'],
  );
  return {
    errors,
    refs,
    show: (found) => {
      setErrors(found);
      const first = fields.find((f) => found.fields[f]);
      if (first) refs[first].current?.focus();
    },
    edited: (field) => {
      if (errors.fields[field]) setErrors((e) => ({ ...e, fields: { ...e.fields, [field]: undefined } }));
    },
    clear: () => setErrors({ fields: {} }),
  };
}
