import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../forms/useZodForm.ts';

/** An account's e-mail address on a public form; it is the username, so it reads like the sign-in form's. */
export function EmailField(props: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...props}
      type="email"
      inputMode="email"
      autoComplete="email"
      label={t('fields.email')}
      placeholder={t('login.usernamePlaceholder')}
      withAsterisk
      aria-required
      size="md"
    />
  );
}
