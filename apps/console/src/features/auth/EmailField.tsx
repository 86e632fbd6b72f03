import { TextInput } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** An account's e-mail address on a public form; it is the username, so it reads like the sign-in form's. */
export function EmailField({
  ref,
  value,
  onChange,
  error,
}: {
  ref: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      ref={ref}
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      label={t('fields.email')}
      placeholder={t('login.usernamePlaceholder')}
      withAsterisk
      aria-required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      size="md"
    />
  );
}
