import type { FieldError } from '@spinyard/domain';
import { useEffect, useState } from 'react';
import type { Path } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useProfile } from '../../../api/profile.ts';
import { focusFirstInvalid } from '../../../components/focusFirstInvalid.ts';
import { useZodForm } from '../../../forms/useZodForm.ts';
import { fieldErrorText } from '../shared/fieldText.ts';
import { type DomainFormMode, type DomainFormValues, errorsByField } from './domainForm.ts';
import { apiFieldOf, domainFormSchema, fieldErrorsOfForm, formPathOf } from './domainFormSchema.ts';
import { cameFromConfirmation, clearDraft, readDraft, saveDraft } from './draftStore.ts';

type FormPath = Path<DomainFormValues>;

/**
 * The values of a domain form (add, or edit of one domain) on their way to its confirmation step, held by the
 * one form pattern (useZodForm over domainFormSchema). A draft this user left under `key` is taken up, with the
 * fields the server refused marked; else the form starts from `blank`. A draft that comes back without
 * refusals says so (`restored`), unless the user chose to go back. The inputs are drawn from `values` and
 * change through `setValues` (many of them are Mantine inputs that hold their value in React, and an option
 * may move another, see DomainFormFields).
 */
export function useDomainDraft(mode: DomainFormMode, key: string, blank: () => DomainFormValues) {
  const navigate = useNavigate();
  const location = useLocation();
  const userId = useProfile().data?.user.id;
  const [initial] = useState(() => readDraft(key, userId));
  const form = useZodForm(domainFormSchema(mode), {
    defaultValues: initial?.values ?? blank(),
    message: (error) => fieldErrorText({ ...error, field: apiFieldOf(error.field) }),
    shouldFocusError: false,
  });
  const [refused, setRefused] = useState<'client' | 'server' | undefined>(
    initial && initial.errors.length > 0 ? 'server' : undefined,
  );
  const [restored, setRestored] = useState(
    () => initial !== undefined && initial.errors.length === 0 && !cameFromConfirmation(location.state),
  );
  const values = form.watch();
  const byField = errorsByField(fieldErrorsOfForm(form.formState.errors));

  const mark = (found: readonly FieldError[]) => {
    for (const error of found) {
      form.setError(formPathOf(error.field) as FormPath, { type: error.rule, message: error.message });
    }
  };

  // The server's refusal of the confirmed values, brought back from the confirmation step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the draft the form started from
  useEffect(() => {
    if (initial && initial.errors.length > 0) mark(initial.errors);
  }, []);

  const discard = () => {
    clearDraft(key);
    form.reset(blank());
    setRestored(false);
  };

  /** Marks the fields found refused and takes the user to the first. */
  const refuse = (found: readonly FieldError[]) => {
    mark(found);
    setRefused('client');
    focusFirstInvalid();
  };

  return {
    values,
    setValues: (next: DomainFormValues) => {
      for (const name of Object.keys(next) as (keyof DomainFormValues)[]) {
        if (next[name] !== values[name]) form.setValue(name, next[name]);
      }
    },
    byField,
    refused,
    restored,
    fieldEdited: (field: string) => {
      if (byField[field]) form.clearErrors(formPathOf(field) as FormPath);
    },
    /**
     * The submit handler: the schema's checks, then `more` (what needs the server's answers: the host check, the
     * registered vehicles); `confirmed` runs when nothing is refused. Every refusal shows at once.
     */
    submit: (more: (values: DomainFormValues) => FieldError[], confirmed: (values: DomainFormValues) => void) =>
      form.handleSubmit(
        (checked) => {
          const found = more(checked);
          if (found.length > 0) refuse(found);
          else confirmed(checked);
        },
        () => refuse(more(form.getValues())),
      ),
    /** Drops the restored draft for a fresh form; a refusal shown stays until the next try. */
    discard,
    /** Back to `blank`, refusals and all. */
    reset: () => {
      discard();
      setRefused(undefined);
    },
    /** Keeps the values for the confirmation step at `path` and goes there. */
    confirm: (path: string) => {
      if (!userId) return;
      saveDraft(key, userId, { values: form.getValues(), errors: [] });
      void navigate(path);
    },
  };
}

export type DomainDraftState = ReturnType<typeof useDomainDraft>;
