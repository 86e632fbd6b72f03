import { Button, Stack, TextInput } from '@mantine/core';
import { emailSchema, parseFields } from '@spinyard/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resendActivation } from '../../api/account.ts';
import { FormAlert } from './FormAlert.tsx';
import { type FormErrors, fieldMessages, formErrorsOf } from './formErrors.ts';
import { LiveStatus } from './LiveStatus.tsx';

type Field = 'email';
const FIELDS: readonly Field[] = ['email'];

/** Asks for a new activation mail. The answer is the same for any address, and so is the sentence. */
export function ResendActivationForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({ fields: {} });
  const [sentTo, setSentTo] = useState<string | undefined>();
  const emailRef = useRef<HTMLInputElement>(null);
  const resend = useMutation({ mutationFn: resendActivation });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSentTo(undefined);
    const parsed = parseFields(emailSchema, email);
    if (!parsed.ok) {
      setErrors({
        fields: fieldMessages(
          parsed.fields.map((f) => ({ ...f, field: 'email' })),
          FIELDS,
        ).fields,
      });
      emailRef.current?.focus();
      return;
    }
    setErrors({ fields: {} });
    resend.mutate(parsed.data, {
      onSuccess: () => setSentTo(parsed.data),
      onError: (error) => {
        const found = formErrorsOf(error, FIELDS);
        setErrors(found);
        if (found.fields.email) emailRef.current?.focus();
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('activation.resendFormLabel')}>
      <Stack gap="md">
        <FormAlert message={errors.form} testId="resend-error" />
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
            setErrors({ fields: {} });
          }}
          error={errors.fields.email}
          size="md"
        />
        <Button type="submit" size="md" fullWidth loading={resend.isPending}>
          {t('activation.resend')}
        </Button>
        <LiveStatus message={sentTo ? t('activation.resent', { email: sentTo }) : undefined} testId="resend-sent" />
      </Stack>
    </form>
  );
}
