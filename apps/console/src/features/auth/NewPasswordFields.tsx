import { PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showPasswordToggle } from '../../components/showPasswordToggle.ts';
import type { FieldProps } from '../../forms/useZodForm.ts';
import { PasswordChecklist } from './PasswordChecklist.tsx';

interface NewPasswordFieldsProps {
  /** The two inputs as the form registers them, on the server's names (`password`/`retypedPassword`...). */
  password: FieldProps;
  retyped: FieldProps;
  /** What is typed so far, for the checklist. */
  typed: { password: string; retyped: string };
  /** Label keys when they are not `fields.<name>` (the reset form's `password` is the "new password"). */
  labelKeys?: { password: string; retyped: string };
  disabled?: boolean;
  size?: 'sm' | 'md';
}

/** A new password, the rules it must meet (ticked while typing) and its retype; labels from `fields.<name>`. */
export function NewPasswordFields({
  password,
  retyped,
  typed,
  labelKeys,
  disabled,
  size = 'sm',
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const checklistId = `${password.name}-rules`;
  return (
    <Stack gap="md">
      <PasswordInput
        {...password}
        label={t(labelKeys?.password ?? `fields.${password.name}`)}
        autoComplete="new-password"
        withAsterisk
        aria-required
        aria-invalid={Boolean(password.error)}
        disabled={disabled}
        size={size}
        visibilityToggleButtonProps={showPasswordToggle(t('login.showPassword'))}
      />
      <PasswordChecklist password={typed.password} retyped={typed.retyped} id={checklistId} />
      <PasswordInput
        {...retyped}
        label={t(labelKeys?.retyped ?? `fields.${retyped.name}`)}
        autoComplete="new-password"
        withAsterisk
        aria-required
        aria-invalid={Boolean(retyped.error)}
        disabled={disabled}
        size={size}
        visibilityToggleButtonProps={showPasswordToggle(t('login.showPassword'))}
      />
    </Stack>
  );
}
