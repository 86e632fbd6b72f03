import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { EMAIL_CHANGE_TTL_MS, emailChangeSchema, parseFields } from '@spinyard/domain';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EmailChangeBody, requestEmailChange } from '../../api/account.ts';
import { fieldMessages, formErrorsOf } from '../auth/formErrors.ts';
import { notifyDone } from '../auth/notifyDone.ts';
import { useFormErrors } from '../auth/useFormErrors.ts';
import { AccountFormCard } from './AccountFormCard.tsx';
import { emailChangeErrors } from './accountForms.ts';
import { endSessionIfUnauthorized } from './sessionErrors.ts';

type Field = keyof EmailChangeBody;
const FIELDS: readonly Field[] = ['newEmail', 'retypedNewEmail'];
const EMPTY: EmailChangeBody = { newEmail: '', retypedNewEmail: '' };

/**
 * Change e-mail (new, retype), checked with the domain's emailChangeSchema. The address is the username, so the
 * change waits for the link mailed to the new address; the card says so and where the mail went.
 */
export function EmailChangeCard({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<EmailChangeBody>(EMPTY);
  const { errors, refs, show, edited, clear } = useFormErrors(FIELDS);
  const [sentTo, setSentTo] = useState<string | undefined>();
  const request = useMutation({ mutationFn: requestEmailChange });
  const hours = Math.round(EMAIL_CHANGE_TTL_MS / 3_600_000);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    edited(field);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = emailChangeErrors(values, currentEmail);
    if (problems.length > 0) {
      show({ fields: fieldMessages(problems, FIELDS).fields });
      return;
    }
    const parsed = parseFields(emailChangeSchema, values);
    if (!parsed.ok) return;
    clear();
    setSentTo(undefined);
    request.mutate(parsed.data, {
      onSuccess: ({ newEmail }) => {
        setValues(EMPTY);
        setSentTo(newEmail);
        notifyDone(t('accountConf.email.sentShort', { email: newEmail }));
      },
      onError: (error) => {
        if (endSessionIfUnauthorized(error)) return;
        show(formErrorsOf(error, FIELDS, { email_already_used: 'newEmail' }));
      },
    });
  };

  // The retype is not filled in from the browser's memory: it is there to catch a mistyped address.
  const addressInput = (field: Field, autoComplete: 'email' | 'off') => (
    <TextInput
      ref={refs[field]}
      name={field}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      label={t(`fields.${field}`)}
      withAsterisk
      aria-required
      value={values[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
      error={errors.fields[field]}
    />
  );

  return (
    <AccountFormCard
      id="email-change"
      title={t('accountConf.email.title')}
      description={t('accountConf.email.lead')}
      submitLabel={t('accountConf.email.submit')}
      onSubmit={onSubmit}
      formError={errors.form}
      pending={request.isPending}
      intro={
        <>
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('accountConf.email.current')}
            </Text>
            <Text size="sm" data-testid="current-email" style={{ wordBreak: 'break-all' }}>
              {currentEmail}
            </Text>
          </Stack>
          <div aria-live="polite" aria-atomic="true">
            {sentTo ? (
              <Alert
                color="blue"
                variant="light"
                role="note"
                icon={<IconMailForward aria-hidden />}
                title={t('accountConf.email.sentTitle')}
                data-testid="email-change-sent"
              >
                {t('accountConf.email.sent', { email: sentTo, hours, current: currentEmail })}
              </Alert>
            ) : null}
          </div>
        </>
      }
    >
      {addressInput('newEmail', 'email')}
      {addressInput('retypedNewEmail', 'off')}
    </AccountFormCard>
  );
}
