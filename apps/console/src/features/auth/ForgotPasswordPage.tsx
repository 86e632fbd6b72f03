import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { emailSchema, PASSWORD_RESET_TTL_MS, parseFields } from '@spinyard/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestPasswordReset } from '../../api/account.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormAlert } from './FormAlert.tsx';
import { type FormErrors, fieldMessages, formErrorsOf } from './formErrors.ts';
import { ResultPanel } from './ResultPanel.tsx';

type Field = 'email';
const FIELDS: readonly Field[] = ['email'];

/**
 * /user/password: the e-mail address of the account; the server mails a link to set a new password. The answer
 * is the same whether or not the address is registered, and so is this screen.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({ fields: {} });
  const [sentTo, setSentTo] = useState<string | undefined>();
  const emailRef = useRef<HTMLInputElement>(null);
  const request = useMutation({ mutationFn: requestPasswordReset });
  const hours = Math.round(PASSWORD_RESET_TTL_MS / 3_600_000);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseFields(emailSchema, email);
    if (!parsed.ok) {
      const { fields } = fieldMessages(
        parsed.fields.map((f) => ({ ...f, field: 'email' })),
        FIELDS,
      );
      setErrors({ fields });
      emailRef.current?.focus();
      return;
    }
    setErrors({ fields: {} });
    request.mutate(parsed.data, {
      onSuccess: () => setSentTo(parsed.data),
      onError: (error) => {
        const found = formErrorsOf(error, FIELDS);
        setErrors(found);
        if (found.fields.email) emailRef.current?.focus();
      },
    });
  };

  if (sentTo) {
    return (
      <AuthCard title={t('screens.user_password')}>
        <ResultPanel tone="mail" message={t('passwordReset.sent', { email: sentTo, hours })} testId="reset-requested">
          <Stack gap="sm">
            <Button component={Link} to="/login" size="md" fullWidth>
              {t('common.backToLogin')}
            </Button>
            <Button variant="subtle" onClick={() => setSentTo(undefined)}>
              {t('passwordReset.sendAgain')}
            </Button>
          </Stack>
        </ResultPanel>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('screens.user_password')} description={t('passwordReset.lead')}>
      <form onSubmit={onSubmit} noValidate aria-label={t('passwordReset.formLabel')}>
        <Stack gap="md">
          <FormAlert message={errors.form} testId="reset-request-error" />
          <TextInput
            ref={emailRef}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            label={t('fields.email')}
            placeholder={t('login.usernamePlaceholder')}
            withAsterisk
            aria-required
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setErrors((e) => ({ ...e, fields: {} }));
            }}
            error={errors.fields.email}
            size="md"
          />
          <Button type="submit" size="md" fullWidth loading={request.isPending}>
            {t('passwordReset.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
            {t('common.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
