import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogin } from '../../api/auth.ts';
import type { LoginOutcome } from '../../api/loginAnswer.ts';
import { FormAlert } from './FormAlert.tsx';
import { type LoginField, type LoginFormErrors, loginErrorsOf, missingFieldErrors } from './loginErrors.ts';

const NO_ERRORS: LoginFormErrors = { fields: {} };

/** E-mail and password; what happens after an answer is the page's business (onOutcome). */
export function LoginForm({ onOutcome }: { onOutcome: (outcome: LoginOutcome) => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const [values, setValues] = useState<Record<LoginField, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginFormErrors>(NO_ERRORS);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const focusFirstInvalid = (found: LoginFormErrors) => {
    if (found.fields.username) usernameRef.current?.focus();
    else if (found.fields.password) passwordRef.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = missingFieldErrors(values);
    if (missing) {
      setErrors(missing);
      focusFirstInvalid(missing);
      return;
    }
    setErrors(NO_ERRORS);
    login.mutate(values, {
      onSuccess: (outcome) => {
        if (outcome.kind === 'failed') setErrors({ form: t('errors.login_failed'), fields: {} });
        else onOutcome(outcome);
      },
      onError: (error) => {
        const found = loginErrorsOf(error);
        setErrors(found);
        focusFirstInvalid(found);
      },
    });
  };

  const change = (field: LoginField) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    // The message about a field goes once the user corrects it.
    if (errors.fields[field]) setErrors((e) => ({ ...e, fields: { ...e.fields, [field]: undefined } }));
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('login.formLabel')}>
      <Stack gap="md">
        <FormAlert message={errors.form} testId="login-error" />
        <TextInput
          ref={usernameRef}
          name="username"
          type="email"
          inputMode="email"
          autoComplete="username"
          label={t('fields.username')}
          placeholder={t('login.usernamePlaceholder')}
          withAsterisk
          aria-required
          value={values.username}
          onChange={change('username')}
          error={errors.fields.username}
          size="md"
        />
        <PasswordInput
          ref={passwordRef}
          name="password"
          autoComplete="current-password"
          label={t('fields.password')}
          withAsterisk
          aria-required
          value={values.password}
          onChange={change('password')}
          error={errors.fields.password}
          aria-invalid={Boolean(errors.fields.password)}
          size="md"
          visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
        />
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          {t('login.submit')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to="/user/password" size="sm">
            {t('login.forgotPassword')}
          </Anchor>
          <Anchor component={Link} to="/user/plan" size="sm">
            {t('login.newAccount')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
