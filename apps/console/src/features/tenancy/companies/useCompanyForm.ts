import type { FieldError } from '@spinyard/domain';
import { useState } from 'react';
import { focusFirstInvalid } from '../../../components/focusFirstInvalid.ts';
import { refusalOf } from '../../../components/refusal.ts';
import type { CompanyFieldsFormProps } from './CompanyFieldsForm.tsx';
import type { CompanyFormValues } from './companyForm.ts';

/**
 * What both company forms (the edit page and the add or edit modal) keep while the user types: the values, the
 * refused fields and whether a save is running. The typed values survive any refusal.
 */
export function useCompanyForm(initial: () => CompanyFormValues) {
  const [values, setValues] = useState<CompanyFormValues>(initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const byField: Record<string, FieldError> = {};
  for (const e of errors) byField[e.field] ??= e;

  /** Marks the refused fields and takes the user to the first one. */
  const refuse = (fields: FieldError[]) => {
    setErrors(fields);
    focusFirstInvalid();
  };
  const clearError = (field: string) => setErrors((list) => list.filter((e) => e.field !== field));

  /** Runs a write: a refusal that names fields marks them; any other failure gets the usual message. */
  const save = async (write: () => Promise<void>) => {
    setSaving(true);
    try {
      await write();
    } catch (error) {
      const { fields } = refusalOf(error);
      if (fields.length > 0) refuse(fields);
    } finally {
      setSaving(false);
    }
  };

  const fieldsProps: CompanyFieldsFormProps = {
    values,
    onChange: setValues,
    errors: byField,
    onFieldEdited: (field) => {
      if (byField[field]) clearError(field);
    },
    disabled: saving,
  };
  return { values, hasErrors: errors.length > 0, byField, saving, refuse, clearError, save, fieldsProps };
}
