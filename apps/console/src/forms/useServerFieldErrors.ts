import { useCallback } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { NameKeys } from './fieldTranslator.ts';
import { type FormErrors, formErrorsOf } from './formErrors.ts';
import { FORM_ERROR } from './useZodForm.ts';

export interface ServerFieldErrorsOptions<F extends string> {
  /** The form's fields in the order it shows them: the first refused one takes the focus. */
  fields: readonly F[];
  /** Catalogue codes that are about one field (`email_already_used` on the new address). */
  byCode?: Partial<Record<string, F>>;
  nameKeys?: NameKeys;
  /** Rewords what was found before it is shown (the terms box's own sentence). */
  adjust?: (found: FormErrors<F>) => FormErrors<F>;
  /** Reads the refusal the form's own way instead of formErrorsOf (the sign-in's "login failed"). */
  errorsOf?: (error: unknown) => FormErrors<F>;
  /** Takes the user to the refused fields another way than focusing the first (components/focusFirstInvalid). */
  focus?: () => void;
}

/**
 * The steps that put a refusal on a form: each refused field's message in the form's order, the first one
 * focused, then the sentence about the whole form. Kept apart from the hook so the order can be tested.
 */
export function serverErrorSteps<F extends string>(
  found: FormErrors<F>,
  fields: readonly F[],
): { name: F | typeof FORM_ERROR; message: string; focus: boolean }[] {
  const steps: { name: F | typeof FORM_ERROR; message: string; focus: boolean }[] = [];
  for (const field of fields) {
    const message = found.fields[field];
    if (message) steps.push({ name: field, message, focus: steps.length === 0 });
  }
  if (found.form) steps.push({ name: FORM_ERROR, message: found.form, focus: false });
  return steps;
}

/**
 * The one way a form shows a refused call (ApiError): 422 field refusals beside their fields in the user's
 * language (fields the form does not have, in the sentence above it), a code that is about a field beside that
 * field, a 429 with its wait, anything else as the catalogue says. Returns what it showed.
 */
export function useServerFieldErrors<T extends FieldValues, F extends Path<T> & string>(
  form: Pick<UseFormReturn<T, unknown, FieldValues>, 'setError'>,
  options: ServerFieldErrorsOptions<F>,
): (error: unknown) => FormErrors<F> {
  const { setError } = form;
  const { fields, byCode, nameKeys, adjust, errorsOf, focus } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options of a form are fixed while it is shown
  return useCallback(
    (error: unknown) => {
      const raw = errorsOf
        ? errorsOf(error)
        : formErrorsOf(error, fields, byCode, nameKeys as Partial<Record<F, string>> | undefined);
      const found = adjust ? adjust(raw) : raw;
      const steps = serverErrorSteps(found, fields);
      for (const step of steps) {
        setError(
          step.name as Path<T>,
          { type: 'server', message: step.message },
          { shouldFocus: !focus && step.focus },
        );
      }
      if (focus && steps.some((step) => step.focus)) focus();
      return found;
    },
    [setError],
  );
}
