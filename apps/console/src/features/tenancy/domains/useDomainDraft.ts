import type { FieldError } from '@spinyard/domain';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useProfile } from '../../../api/profile.ts';
import { focusFirstInvalid } from '../../../components/focusFirstInvalid.ts';
import { type DomainFormValues, errorsByField } from './domainForm.ts';
import { cameFromConfirmation, clearDraft, readDraft, saveDraft } from './draftStore.ts';

/**
 * The values of a domain form (add, or edit of one domain) on their way to its confirmation step. A draft this
 * user left under `key` is taken up, with the fields the server refused marked; else the form starts from
 * `blank`. A draft that comes back without refusals says so (`restored`), unless the user chose to go back.
 */
export function useDomainDraft(key: string, blank: () => DomainFormValues) {
  const navigate = useNavigate();
  const location = useLocation();
  const userId = useProfile().data?.user.id;
  const [initial] = useState(() => readDraft(key, userId));
  const [values, setValues] = useState<DomainFormValues>(() => initial?.values ?? blank());
  const [errors, setErrors] = useState<FieldError[]>(() => initial?.errors ?? []);
  const [refused, setRefused] = useState<'client' | 'server' | undefined>(
    initial && initial.errors.length > 0 ? 'server' : undefined,
  );
  const [restored, setRestored] = useState(
    () => initial !== undefined && initial.errors.length === 0 && !cameFromConfirmation(location.state),
  );
  const byField = errorsByField(errors);

  const discard = () => {
    clearDraft(key);
    setValues(blank());
    setErrors([]);
    setRestored(false);
  };

  return {
    values,
    setValues,
    byField,
    refused,
    restored,
    fieldEdited: (field: string) => {
      if (byField[field]) setErrors((list) => list.filter((e) => e.field !== field));
    },
    /** The checks made here refused the values: mark the fields and take the user to the first. */
    refuse: (found: FieldError[]) => {
      setErrors(found);
      setRefused('client');
      focusFirstInvalid();
    },
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
      saveDraft(key, userId, { values, errors: [] });
      void navigate(path);
    },
  };
}

export type DomainDraftState = ReturnType<typeof useDomainDraft>;
