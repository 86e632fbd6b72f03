import { PasswordInput, Stack } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from './PasswordChecklist.tsx';

interface NewPasswordFieldsProps {
  /** Field names as the server knows them (`password`/`retypedPassword`, `newPassword`/`retypedNewPassword`). */
  names: { password: string; retyped: string };
  values: { password: string; retyped: string };
  errors: { password?: string | undefined; retyped?: string | undefined };
  onChange: (which: 'password' | 'retyped', value: string) => void;
  refs?: { password?: Ref<HTMLInputElement>; retyped?: Ref<HTMLInputElement> };
  /** Label keys when they are not `fields.<name>` (the reset form's `password` is the "new password"). */
  labelKeys?: { password: string; retyped: string };
  disabled?: boolean;
  size?: 'sm' | 'md';
}

/** A new password, the rules it must meet (ticked while typing) and its retype; labels from `fields.<name>`. */
export function NewPasswordFields({
  names,
  values,
  errors,
  onChange,
  refs,
  labelKeys,
  disabled,
  size = 'sm',
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const checklistId = `${names.password}-rules`;
  return (
    <Stack gap="md">
      <PasswordInput
        ref={refs?.password}
        name={names.password}
        label={t(labelKeys?.password ?? `fields.${names.password}`)}
        autoComplete="new-password"
        withAsterisk
        aria-required
        value={values.password}
        onChange={(event) => onChange('password', event.currentTarget.value)}
        error={errors.password}
        aria-invalid={Boolean(errors.password)}
        disabled={disabled}
        size={size}
        visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
      />
      <PasswordChecklist password={values.password} retyped={values.retyped} id={checklistId} />
      <PasswordInput
        ref={refs?.retyped}
        name={names.retyped}
        label={t(labelKeys?.retyped ?? `fields.${names.retyped}`)}
        autoComplete="new-password"
        withAsterisk
        aria-required
        value={values.retyped}
        onChange={(event) => onChange('retyped', event.currentTarget.value)}
        error={errors.retyped}
        aria-invalid={Boolean(errors.retyped)}
        disabled={disabled}
        size={size}
        visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
      />
    </Stack>
  );
}
