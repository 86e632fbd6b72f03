import { Alert, Button, Card, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { CONTACT_BOUNDS, CONTACT_TYPES, contactBody } from '@spinyard/domain';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendContact } from '../../api/contact.ts';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../forms/useZodForm.ts';
import { currentLocale } from '../../i18n/locale.ts';
import { FormAlert } from '../auth/FormAlert.tsx';

const contactForm = contactBody.pick({ inquiry_type: true, subject: true, body: true });
const FIELDS = ['inquiry_type', 'subject', 'body'] as const;
const NAME_KEYS = { inquiry_type: 'contact.type', subject: 'contact.subject', body: 'contact.body' } as const;
const EMPTY = { inquiry_type: 'service', subject: '', body: '' } as const;

/**
 * /contact/form (first document, section 2; hidden on the dealer-brand host by the menu): an inquiry of one of the
 * five types, mailed to the operator with the sender's account; a copy goes to the sender in the page's language.
 */
export function ContactFormPage() {
  const { t } = useTranslation();
  const form = useZodForm(contactForm, { defaultValues: EMPTY, nameKeys: NAME_KEYS });
  const showRefusal = useServerFieldErrors(form, { fields: FIELDS, nameKeys: NAME_KEYS });
  const send = useSendContact();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [subject, body] = form.watch(['subject', 'body']);
  const count = (value: string | undefined, max: number) => t('contact.count', { count: value?.length ?? 0, max });

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(
      { ...values, language: currentLocale() },
      {
        onSuccess: (answer) => {
          setSentTo(answer.copy_to);
          form.reset(EMPTY);
        },
        onError: showRefusal,
      },
    ),
  );

  if (sentTo) {
    return (
      <Card withBorder maw={720} data-testid="contact-sent">
        <Stack gap="md">
          <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('contact.sent', { email: sentTo })}
          </Alert>
          <Button variant="light" onClick={() => setSentTo(null)} w="fit-content">
            {t('contact.another')}
          </Button>
        </Stack>
      </Card>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('screens.contact_form')}>
      <Stack gap="md" maw={720}>
        <Text size="sm" c="gray.7">
          {t('contact.lead')}
        </Text>
        <FormAlert message={form.formError} testId="contact-error" />
        <NativeSelect
          {...form.field('inquiry_type')}
          label={t('contact.type')}
          data={CONTACT_TYPES.map((type) => ({ value: type, label: t(`contact.types.${type}`) }))}
          withAsterisk
          aria-required
        />
        <TextInput
          {...form.field('subject')}
          label={t('contact.subject')}
          description={count(subject, CONTACT_BOUNDS.subjectMax)}
          maxLength={CONTACT_BOUNDS.subjectMax}
          withAsterisk
          aria-required
        />
        <Textarea
          {...form.field('body')}
          label={t('contact.body')}
          description={count(body, CONTACT_BOUNDS.bodyMax)}
          maxLength={CONTACT_BOUNDS.bodyMax}
          autosize
          minRows={8}
          maxRows={20}
          withAsterisk
          aria-required
        />
        <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={send.isPending} w="fit-content">
          {t('contact.submit')}
        </Button>
      </Stack>
    </form>
  );
}
