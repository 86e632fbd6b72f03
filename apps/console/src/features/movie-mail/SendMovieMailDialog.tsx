import { Button, Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { MOVIE_MAIL_EXPIRY_CHOICES, MOVIE_MAIL_LIMITS, type MovieMailFields, movieMailFields } from '@spinyard/domain';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSendMovieMail } from '../../api/movieMail.ts';
import { notifySuccess } from '../../api/notify.ts';
import { DateField } from '../../components/DateField.tsx';
import { DialogShell } from '../../components/DialogShell.tsx';
import { ControlledField } from '../../forms/ControlledField.tsx';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../forms/useZodForm.ts';
import { currentLocale } from '../../i18n/locale.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { AddressesInput } from './AddressesInput.tsx';
import { mailRefusal } from './addressEntries.ts';

const FIELDS = ['to', 'cc', 'subject', 'body', 'expiry', 'expires_on'] as const;
const indexed = (field: 'to' | 'cc', key: string) =>
  Object.fromEntries(Array.from({ length: MOVIE_MAIL_LIMITS.recipientsMax }, (_, i) => [`${field}.${i}`, key]));
/** Each field's name; an address refused in a list (`cc.2`) is named by its list. */
const NAME_KEYS = {
  to: 'movieMail.to',
  cc: 'movieMail.cc',
  subject: 'movieMail.subject',
  body: 'movieMail.body',
  expiry: 'movieMail.expiry',
  expires_on: 'movieMail.expiresOn',
  ...indexed('to', 'movieMail.to'),
  ...indexed('cc', 'movieMail.cc'),
};

/**
 * The movie mail's dialog (issue 20): recipients and cc as lists of addresses, subject, body, and until when the
 * link works (7, 30 or 90 days, or a day chosen, at most 90 days ahead). Checked by the domain's schema before it
 * is sent; the server's refusals land beside the same fields.
 */
export function SendMovieMailDialog({
  contentId,
  opened,
  onClose,
}: {
  contentId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const empty: MovieMailFields = {
    to: [],
    cc: [],
    subject: t('movieMail.defaultSubject'),
    body: t('movieMail.defaultBody'),
    expiry: '30',
    expires_on: null,
    language: currentLocale(),
  };
  const form = useZodForm(movieMailFields, { defaultValues: empty, nameKeys: NAME_KEYS });
  const showRefusal = useServerFieldErrors(form, {
    fields: FIELDS,
    nameKeys: NAME_KEYS,
    errorsOf: (error) => mailRefusal(error, FIELDS, { to: form.getValues('to'), cc: form.getValues('cc') }, NAME_KEYS),
  });
  const send = useSendMovieMail();
  const expiry = form.watch('expiry');

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(
      { ...values, content_id: contentId, language: currentLocale() },
      {
        onSuccess: () => {
          notifySuccess(t('movieMail.sent'));
          form.reset(empty);
          onClose();
        },
        onError: showRefusal,
      },
    ),
  );

  return (
    <DialogShell opened={opened} onClose={onClose} title={t('movieMail.dialogTitle')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="movie-mail-dialog">
        <Stack gap="sm">
          <FormAlert message={form.formError} testId="movie-mail-error" />
          <AddressesInput form={form} name="to" label={t(NAME_KEYS.to)} max={MOVIE_MAIL_LIMITS.recipientsMax} />
          <AddressesInput form={form} name="cc" label={t(NAME_KEYS.cc)} max={MOVIE_MAIL_LIMITS.ccMax} />
          <TextInput
            {...form.field('subject')}
            label={t('movieMail.subject')}
            maxLength={MOVIE_MAIL_LIMITS.subjectMax}
            withAsterisk
          />
          <Textarea
            {...form.field('body')}
            label={t('movieMail.body')}
            description={t('movieMail.bodyHint')}
            maxLength={MOVIE_MAIL_LIMITS.bodyMax}
            autosize
            minRows={4}
            maxRows={12}
            withAsterisk
          />
          <ControlledField
            form={form}
            name="expiry"
            render={(f) => (
              <Radio.Group
                label={t('movieMail.expiry')}
                value={f.value}
                onChange={(value) => f.onChange(value as MovieMailFields['expiry'])}
                error={f.error}
              >
                <Group gap="md" mt={4}>
                  {MOVIE_MAIL_EXPIRY_CHOICES.map((choice) => (
                    <Radio key={choice} value={choice} label={t(`movieMail.expiries.${choice}`)} />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
          {expiry === 'date' ? (
            <ControlledField
              form={form}
              name="expires_on"
              render={(f) => (
                <DateField
                  ref={f.ref}
                  label={t('movieMail.expiresOn')}
                  description={t('movieMail.expiresOnHint', { days: MOVIE_MAIL_LIMITS.expiryMaxDays })}
                  value={f.value ?? ''}
                  onChange={(event) => f.onChange(event.currentTarget.value || null)}
                  onBlur={f.onBlur}
                  error={f.error}
                  w={220}
                  data-testid="movie-mail-expires-on"
                />
              )}
            />
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" type="button" onClick={onClose}>
              {t('movieMail.cancel')}
            </Button>
            <Button
              type="submit"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={send.isPending}
              data-testid="movie-mail-submit"
            >
              {t('movieMail.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DialogShell>
  );
}
