import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { ACTIVATION_TTL_MS } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useRegisterSuperUser } from '../../api/account.ts';
import { ApiError } from '../../api/apiError.ts';
import { useLegalText } from '../../api/legal.ts';
import { TermsLink } from '../../components/TermsLink.tsx';
import type { FormErrors } from '../../forms/formErrors.ts';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../forms/useZodForm.ts';
import { currentLocale } from '../../i18n/locale.ts';
import { EntryConfirm } from '../billing/signup/EntryConfirm.tsx';
import { EntryPurchaseSummary, useEntryPurchase } from '../billing/signup/EntryPurchase.tsx';
import { AuthCard } from './AuthCard.tsx';
import { BackToLoginLink } from './BackToLoginLink.tsx';
import { EmailField } from './EmailField.tsx';
import { FormAlert } from './FormAlert.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { ResendActivationForm } from './ResendActivationForm.tsx';
import { ResultPanel } from './ResultPanel.tsx';
import { ENTRY_FIELDS, type EntryValues, entryBody, entryFormSchema } from './userEntry.ts';

type EntryField = (typeof ENTRY_FIELDS)[number];

const NAME_KEYS = {
  company_name: 'entry.companyName',
  name: 'entry.name',
  retypedPassword: 'entry.retypedPassword',
  phone: 'entry.phone',
  accept_terms: 'entry.acceptTerms',
} as const;
const EMPTY: EntryValues = {
  company_name: '',
  name: '',
  email: '',
  password: '',
  retypedPassword: '',
  phone: '',
  accept_terms: false,
};

/**
 * /user/entry: a new customer registers their company and themself (first document section 2), the terms of
 * service accepted first (second document section 5). The account then waits for activation: the completion
 * panel says the mail has gone and how long its link stays valid. Typed values stay on a refusal.
 */
export function UserEntryPage() {
  const { t } = useTranslation();
  const form = useZodForm(entryFormSchema, {
    defaultValues: EMPTY,
    nameKeys: NAME_KEYS,
    // The terms' refusal names the box to tick, whoever refused it.
    message: (error) => (error.field === 'accept_terms' ? t('entry.termsRequired') : undefined),
  });
  const showRefusal = useServerFieldErrors(form, {
    fields: ENTRY_FIELDS,
    byCode: { email_already_registered: 'email', terms_not_accepted: 'accept_terms' },
    nameKeys: NAME_KEYS,
    adjust: (found: FormErrors<EntryField>) =>
      found.fields.accept_terms
        ? { ...found, fields: { ...found.fields, accept_terms: t('entry.termsRequired') } }
        : found,
  });
  const [password, retypedPassword] = form.watch(['password', 'retypedPassword']);
  const [done, setDone] = useState<{ email: string; mailSent: boolean } | undefined>();
  const register = useRegisterSuperUser();
  // The version of the terms the box accepts: a newer one published while the form was open is shown first.
  const terms = useLegalText('terms', currentLocale());
  const [termsOutdated, setTermsOutdated] = useState(false);
  const purchase = useEntryPurchase();
  const title = t('screens.user_entry');
  const days = Math.round(ACTIVATION_TTL_MS / 86_400_000);
  const returned = useSearchParams()[0].get('confirm') === '1';

  const onSubmit = form.handleSubmit((values) =>
    register.mutate(purchase.withPurchase(entryBody(values, terms.data?.version)), {
      onSuccess: async (answer) => {
        if (await purchase.after(answer.purchase, values)) return;
        setDone({ email: answer.email, mailSent: answer.activationMailSent });
      },
      onError: (error) => {
        if (!(error instanceof ApiError && error.code === 'legal_version_outdated')) {
          showRefusal(error);
          return;
        }
        setTermsOutdated(true);
        form.setValue('accept_terms', false);
        void terms.refetch();
      },
    }),
  );

  // Back from the card issuer's 3-D Secure page: the registration's first payment is confirmed here.
  if (returned) {
    return (
      <AuthCard title={title} width={480}>
        <EntryConfirm />
      </AuthCard>
    );
  }

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

  const text = (field: 'company_name' | 'name', autoComplete: string) => (
    <TextInput
      {...form.field(field)}
      autoComplete={autoComplete}
      label={t(NAME_KEYS[field])}
      withAsterisk
      aria-required
      size="md"
    />
  );

  return (
    <AuthCard
      title={title}
      // A paid plan chosen before the form: paid and signed in at once, no activation mail (registration-service.ts).
      description={t(purchase.choice?.card ? 'billingScreens.entry.leadPaid' : 'entry.lead')}
      width={480}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('entry.formLabel')}>
        <Stack gap="md">
          <FormAlert
            message={form.formError ?? (termsOutdated ? t('errors.legal_version_outdated') : undefined)}
            testId="entry-error"
          />
          <EntryPurchaseSummary />
          {text('company_name', 'organization')}
          {text('name', 'name')}
          <EmailField {...form.field('email')} />
          <NewPasswordFields
            password={form.field('password')}
            retyped={form.field('retypedPassword')}
            typed={{ password, retyped: retypedPassword }}
            labelKeys={{ password: 'fields.password', retyped: 'entry.retypedPassword' }}
            size="md"
          />
          <TextInput
            {...form.field('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            label={t('entry.phone')}
            description={t('entry.phoneHint')}
            size="md"
          />
          <Checkbox
            {...form.field('accept_terms')}
            label={t('entry.acceptTerms')}
            description={<TermsLink />}
            aria-required
            aria-invalid={Boolean(form.formState.errors.accept_terms)}
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
