import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { EMAIL_CHANGE_TTL_MS, emailChangeSchema, parseFields } from '@spinyard/domain';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EmailChangeBody, requestEmailChange } from '../../api/account.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { type FormErrors, fieldMessages, formErrorsOf } from '../auth/formErrors.ts';
import { notifyDone } from '../auth/notifyDone.ts';
import { emailChangeErrors } from './accountForms.ts';
import { SectionCard } from './SectionCard.tsx';
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
  const [errors, setErrors] = useState<FormErrors<Field>>({ fields: {} });
  const [sentTo, setSentTo] = useState<string | undefined>();
  const refs = { newEmail: useRef<HTMLInputElement>(null), retypedNewEmail: useRef<HTMLInputElement>(null) };
  const request = useMutation({ mutationFn: requestEmailChange });
  const hours = Math.round(EMAIL_CHANGE_TTL_MS / 3_600_000);

  const show = (found: FormErrors<Field>) => {
    setErrors(found);
    const first = FIELDS.find((f) => found.fields[f]);
    if (first) refs[first].current?.focus();
  };

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors.fields[field]) setErrors((e) => ({ ...e, fields: { ...e.fields, [field]: undefined } }));
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
    setErrors({ fields: {} });
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

  return (
    <SectionCard id="email-change" title={t('accountConf.email.title')} description={t('accountConf.email.lead')}>
      <form onSubmit={onSubmit} noValidate aria-label={t('accountConf.email.title')}>
        <Stack gap="md">
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
          <FormAlert message={errors.form} testId="email-change-error" />
          <TextInput
            ref={refs.newEmail}
            name="newEmail"
            type="email"
            inputMode="email"
            autoComplete="email"
            label={t('fields.newEmail')}
            withAsterisk
            aria-required
            value={values.newEmail}
            onChange={(event) => set('newEmail', event.currentTarget.value)}
            error={errors.fields.newEmail}
          />
          <TextInput
            ref={refs.retypedNewEmail}
            name="retypedNewEmail"
            type="email"
            inputMode="email"
            autoComplete="off"
            label={t('fields.retypedNewEmail')}
            withAsterisk
            aria-required
            value={values.retypedNewEmail}
            onChange={(event) => set('retypedNewEmail', event.currentTarget.value)}
            error={errors.fields.retypedNewEmail}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={request.isPending} data-testid="email-change-submit">
              {t('accountConf.email.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
