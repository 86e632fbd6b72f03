import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { ACTIVATION_TTL_MS } from '@spinyard/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registerSuperUser } from '../../api/account.ts';
import { AuthCard } from './AuthCard.tsx';
import { BackToLoginLink } from './BackToLoginLink.tsx';
import { EmailField } from './EmailField.tsx';
import { FormAlert } from './FormAlert.tsx';
import { type FieldNameKeys, type FormErrors, fieldMessages, formErrorsOf } from './formErrors.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { ResendActivationForm } from './ResendActivationForm.tsx';
import { ResultPanel } from './ResultPanel.tsx';
import { useFormErrors } from './useFormErrors.ts';
import { ENTRY_FIELDS, type EntryField, type EntryValues, entryBody, entryErrors } from './userEntry.ts';

const NAME_KEYS: FieldNameKeys<EntryField> = {
  company_name: 'entry.companyName',
  name: 'entry.name',
  retypedPassword: 'entry.retypedPassword',
  phone: 'entry.phone',
  accept_terms: 'entry.acceptTerms',
};
const PASSWORD_NAMES = { password: 'password', retyped: 'retypedPassword' } as const;
const EMPTY: EntryValues = {
  companyName: '',
  name: '',
  email: '',
  password: '',
  retyped: '',
  phone: '',
  acceptTerms: false,
};

/**
 * /user/entry: a new customer registers their company and themself (first document section 2), the terms of
 * service accepted first (second document section 5). The account then waits for activation: the completion
 * panel says the mail has gone and how long its link stays valid. Typed values stay on a refusal.
 */
export function UserEntryPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState<EntryValues>(EMPTY);
  const { errors, refs, show: showErrors, edited, clear } = useFormErrors(ENTRY_FIELDS);
  const [done, setDone] = useState<{ email: string; mailSent: boolean } | undefined>();
  const register = useMutation({ mutationFn: registerSuperUser });
  const title = t('screens.user_entry');
  const days = Math.round(ACTIVATION_TTL_MS / 86_400_000);

  /** The terms' refusal names the box to tick, whoever refused it. */
  const show = (found: FormErrors<EntryField>) => {
    const fields = found.fields.accept_terms
      ? { ...found.fields, accept_terms: t('entry.termsRequired') }
      : found.fields;
    showErrors({ ...found, fields });
  };

  const change = (field: EntryField, patch: Partial<EntryValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    edited(field);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = entryErrors(values);
    if (problems.length > 0) {
      show({ fields: fieldMessages(problems, ENTRY_FIELDS, NAME_KEYS).fields });
      return;
    }
    clear();
    register.mutate(entryBody(values), {
      onSuccess: (answer) => setDone({ email: answer.email, mailSent: answer.activationMailSent }),
      onError: (error) =>
        show(
          formErrorsOf(
            error,
            ENTRY_FIELDS,
            { email_already_registered: 'email', terms_not_accepted: 'accept_terms' },
            NAME_KEYS,
          ),
        ),
    });
  };

  if (done) {
    return (
      <AuthCard title={title} width={480}>
        <ResultPanel
          tone={done.mailSent ? 'mail' : 'problem'}
          testId="entry-complete"
          message={t(done.mailSent ? 'entry.sent' : 'entry.notSent', { email: done.email, days })}
        >
          <Stack gap="sm">
            {done.mailSent ? null : <ResendActivationForm />}
            <Button component={Link} to="/login" size="md" fullWidth>
              {t('common.backToLogin')}
            </Button>
          </Stack>
        </ResultPanel>
      </AuthCard>
    );
  }

  const text = (field: 'company_name' | 'name', key: 'companyName' | 'name', autoComplete: string) => (
    <TextInput
      ref={refs[field]}
      name={field}
      autoComplete={autoComplete}
      label={t(NAME_KEYS[field] ?? '')}
      withAsterisk
      aria-required
      value={values[key]}
      onChange={(event) => change(field, { [key]: event.currentTarget.value })}
      error={errors.fields[field]}
      size="md"
    />
  );

  return (
    <AuthCard title={title} description={t('entry.lead')} width={480}>
      <form onSubmit={onSubmit} noValidate aria-label={t('entry.formLabel')}>
        <Stack gap="md">
          <FormAlert message={errors.form} testId="entry-error" />
          {text('company_name', 'companyName', 'organization')}
          {text('name', 'name', 'name')}
          <EmailField
            ref={refs.email}
            value={values.email}
            onChange={(email) => change('email', { email })}
            error={errors.fields.email}
          />
          <NewPasswordFields
            names={PASSWORD_NAMES}
            labelKeys={{ password: 'fields.password', retyped: 'entry.retypedPassword' }}
            size="md"
            values={{ password: values.password, retyped: values.retyped }}
            errors={{ password: errors.fields.password, retyped: errors.fields.retypedPassword }}
            refs={{ password: refs.password, retyped: refs.retypedPassword }}
            onChange={(which, value) =>
              which === 'password'
                ? change('password', { password: value })
                : change('retypedPassword', { retyped: value })
            }
          />
          <TextInput
            ref={refs.phone}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            label={t('entry.phone')}
            description={t('entry.phoneHint')}
            value={values.phone}
            onChange={(event) => change('phone', { phone: event.currentTarget.value })}
            error={errors.fields.phone}
            size="md"
          />
          <Checkbox
            ref={refs.accept_terms}
            name="accept_terms"
            label={t('entry.acceptTerms')}
            aria-required
            checked={values.acceptTerms}
            onChange={(event) => change('accept_terms', { acceptTerms: event.currentTarget.checked })}
            error={errors.fields.accept_terms}
            aria-invalid={Boolean(errors.fields.accept_terms)}
          />
          <Button type="submit" size="md" fullWidth loading={register.isPending}>
            {t('entry.submit')}
          </Button>
          <BackToLoginLink>{t('entry.haveAccount')}</BackToLoginLink>
        </Stack>
      </form>
    </AuthCard>
  );
}
