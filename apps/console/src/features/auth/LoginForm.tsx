import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { login } from '../../api/auth.ts';
import type { LoginOutcome } from '../../api/loginAnswer.ts';
import { showPasswordToggle } from '../../components/showPasswordToggle.ts';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { FORM_ERROR, useZodForm } from '../../forms/useZodForm.ts';
import { FormAlert } from './FormAlert.tsx';
import { LOGIN_FIELDS, loginErrorsOf } from './loginErrors.ts';

/** E-mail and password; what happens after an answer is the page's business (onOutcome). */
export function LoginForm({ onOutcome }: { onOutcome: (outcome: LoginOutcome) => void }) {
  const { t } = useTranslation();
  const form = useZodForm(() => import('./loginFormSchema.ts').then((m) => m.loginFormSchema), {
    defaultValues: { username: '', password: '' },
    // The secret's bound is not the new-password rule: say only that it is too long.
    message: (error) =>
      error.rule === 'max_length' ? t('validation.max_length', { field: t(`fields.${error.field}`) }) : undefined,
  });
  const showRefusal = useServerFieldErrors(form, { fields: LOGIN_FIELDS, errorsOf: loginErrorsOf });
  const loginFailed = () => form.setError(FORM_ERROR, { type: 'server', message: t('errors.login_failed') });

  // Missing values are refused before any call: the spec counts them as a login failure too. A plain call rather
  // than a query mutation: the form's own submitting state is the pending state, and the sign-in page, the first
  // page of most visits, goes without the query library.
  const onSubmit = form.handleSubmit(async (values) => {
    let outcome: LoginOutcome;
    try {
      outcome = await login(values);
    } catch (error) {
      showRefusal(error);
      return;
    }
    if (outcome.kind === 'failed') loginFailed();
    else onOutcome(outcome);
  }, loginFailed);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('login.formLabel')}>
      <Stack gap="md">
        <FormAlert message={form.formError} testId="login-error" />
        <TextInput
          {...form.field('username')}
          type="email"
          inputMode="email"
          autoComplete="username"
          label={t('fields.username')}
          placeholder={t('login.usernamePlaceholder')}
          withAsterisk
          aria-required
          size="md"
        />
        <PasswordInput
          {...form.field('password')}
          autoComplete="current-password"
          label={t('fields.password')}
          withAsterisk
          aria-required
          aria-invalid={Boolean(form.formState.errors.password)}
          size="md"
          visibilityToggleButtonProps={showPasswordToggle(t('login.showPassword'))}
        />
        <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
          {t('login.submit')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to="/user/password" size="sm">
            {t('login.forgotPassword')}
          </Anchor>
          {/* Signing up starts with the plans (/user/plan), which goes on to the registration alone when the
              operator offers none. */}
          <Anchor component={Link} to="/user/plan" size="sm" data-testid="sign-up-link">
            {t('login.newAccount')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
