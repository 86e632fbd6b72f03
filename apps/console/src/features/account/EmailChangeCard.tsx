import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { EMAIL_CHANGE_TTL_MS } from '@spinyard/domain';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestEmailChange } from '../../api/account.ts';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../forms/useZodForm.ts';
import { notifyDone } from '../auth/notifyDone.ts';
import { AccountFormCard } from './AccountFormCard.tsx';
import { emailChangeFormSchema } from './accountForms.ts';
import { endSessionIfUnauthorized } from './sessionErrors.ts';

type Field = 'newEmail' | 'retypedNewEmail';
const FIELDS: readonly Field[] = ['newEmail', 'retypedNewEmail'];
const EMPTY = { newEmail: '', retypedNewEmail: '' };

/**
 * Change e-mail (new, retype), checked with the domain's emailChangeSchema. The address is the username, so the
 * change waits for the link mailed to the new address; the card says so and where the mail went.
 */
export function EmailChangeCard({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation();
  const form = useZodForm(emailChangeFormSchema(currentEmail), { defaultValues: EMPTY });
  const showRefusal = useServerFieldErrors(form, { fields: FIELDS, byCode: { email_already_used: 'newEmail' } });
  const [sentTo, setSentTo] = useState<string | undefined>();
  const request = useRequestEmailChange();
  const hours = Math.round(EMAIL_CHANGE_TTL_MS / 3_600_000);

  const onSubmit = form.handleSubmit((body) => {
    setSentTo(undefined);
    request.mutate(body, {
      onSuccess: ({ newEmail }) => {
        form.reset(EMPTY);
        setSentTo(newEmail);
        notifyDone(t('accountConf.email.sentShort', { email: newEmail }));
      },
      onError: (error) => {
        if (endSessionIfUnauthorized(error)) return;
        showRefusal(error);
      },
    });
  });

  // The retype is not filled in from the browser's memory: it is there to catch a mistyped address.
  const addressInput = (field: Field, autoComplete: 'email' | 'off') => (
    <TextInput
      {...form.field(field)}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      label={t(`fields.${field}`)}
      withAsterisk
      aria-required
    />
  );

  return (
    <AccountFormCard
      id="email-change"
      title={t('accountConf.email.title')}
      description={t('accountConf.email.lead')}
      submitLabel={t('accountConf.email.submit')}
      onSubmit={(event) => void onSubmit(event)}
      formError={form.formError}
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
