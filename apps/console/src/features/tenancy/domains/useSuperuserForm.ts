import type { FieldError } from '@spinyard/domain';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { superuserFieldErrors } from '../../../api/superusers.ts';
import { focusFirstInvalid } from '../../../components/focusFirstInvalid.ts';
import { refusalOf } from '../../../components/refusal.ts';
import { fieldErrorText } from '../shared/fieldText.ts';

const BOUNDS: Readonly<Record<string, { min: number; max: number }>> = {
  car_limit: { min: 0, max: 1_000_000 },
  login_limit_count: { min: 1, max: 100 },
};

/** The fields of `V` whose values are of type `T`. */
type FieldsOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

/**
 * A super-user dialog's form (add, or edit): its values, the refused fields (each labelled
 * `superusers.fields.<field>`, with the bounds of the limits) and the save in progress. `text` and `check` give
 * an input's props for one field.
 */
export function useSuperuserForm<V extends object>(initial: V) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const byField: Record<string, FieldError> = {};
  for (const e of errors) byField[e.field] ??= e;

  const set = (field: keyof V & string, value: V[keyof V]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (byField[field]) setErrors((list) => list.filter((e) => e.field !== field));
  };
  const errorOf = (field: string) => {
    const error = byField[field];
    if (!error) return undefined;
    const bounds = BOUNDS[field];
    return fieldErrorText(error, { label: t(`superusers.fields.${field}`), ...(bounds ? { bounds } : {}) });
  };
  const refuse = (fields: FieldError[]) => {
    setErrors(fields);
    focusFirstInvalid();
  };

  return {
    values,
    saving,
    refused: errors.length > 0,
    refuse,
    text: (field: FieldsOf<V, string>) => ({
      label: t(`superusers.fields.${field}`),
      value: values[field] as string,
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value as V[keyof V]),
      error: errorOf(field),
      disabled: saving,
    }),
    check: (field: FieldsOf<V, boolean>) => ({
      label: t(`superusers.fields.${field}`),
      checked: values[field] as boolean,
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.checked as V[keyof V]),
      error: errorOf(field),
      disabled: saving,
    }),
    /** Runs `send`; a refusal of the server marks the fields it names (the client has shown anything else). */
    save: async (send: () => Promise<void>) => {
      setSaving(true);
      try {
        await send();
      } catch (error) {
        const refusal = refusalOf(error);
        const fields = superuserFieldErrors(refusal.code, refusal.fields);
        if (fields.length > 0) refuse(fields);
      } finally {
        setSaving(false);
      }
    },
  };
}

export type SuperuserForm = ReturnType<typeof useSuperuserForm>;
