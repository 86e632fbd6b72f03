import { Stack } from '@mantine/core';
import type { FieldError } from '@spinyard/domain';
import { fieldErrorText } from '../shared/fieldText.ts';
import { DomainBasicSection, type DomainSectionProps, DomainSuperUserSection } from './DomainBasicSections.tsx';
import { DomainOptionSections } from './DomainOptionSections.tsx';
import type { DomainFormMode, DomainFormValues } from './domainForm.ts';
import type { HostCheck } from './useHostCheck.ts';

export interface DomainFormFieldsProps {
  mode: DomainFormMode;
  values: DomainFormValues;
  onChange: (values: DomainFormValues) => void;
  errors: Record<string, FieldError>;
  /** Clears the error of a field once the user changes it. */
  onFieldEdited: (field: string) => void;
  hostCheck: HostCheck;
  disabled?: boolean;
  /** A custom text for an error (the vehicle limit below the registered count). */
  errorText?: (error: FieldError) => string | undefined;
}

/**
 * Everything of a domain that the form edits: its basic information, its super user (when adding) and every
 * option in its section, with each field's own error beside it.
 */
export function DomainFormFields({
  mode,
  values,
  onChange,
  errors,
  onFieldEdited,
  hostCheck,
  disabled = false,
  errorText,
}: DomainFormFieldsProps) {
  const textOf = (field: string): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    return errorText?.(error) ?? fieldErrorText(error);
  };

  const set: DomainSectionProps['set'] = (key, value, field = key) => {
    onChange({ ...values, [key]: value });
    onFieldEdited(field);
  };
  const section = { values, set, textOf, disabled };

  return (
    <Stack gap="lg">
      <DomainBasicSection {...section} mode={mode} hostCheck={hostCheck} />
      {mode === 'add' ? <DomainSuperUserSection {...section} /> : null}
      <DomainOptionSections
        values={values}
        onChange={onChange}
        errors={errors}
        onFieldEdited={onFieldEdited}
        disabled={disabled}
        errorText={errorText}
      />
    </Stack>
  );
}
