import { Badge, Group, Stack, Text } from '@mantine/core';
import type { MovieMailAnswer } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/formatDateTime.ts';

/** One mail of the history as it was sent: who to, subject, body (as text, line breaks kept), the link's expiry. */
export function MailDetail({ mail }: { mail: MovieMailAnswer }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    [t('movieMail.columns.sent'), formatDateTime(mail.sent_at, i18n.language)],
    [t('movieMail.columns.vehicle'), mail.content_name],
    [t('movieMail.columns.recipients'), mail.recipients.join(', ')],
    [t('movieMail.columns.cc'), mail.cc.join(', ') || '-'],
    [t('movieMail.subject'), mail.subject],
    [t('movieMail.sender'), mail.sender ?? '-'],
  ];
  return (
    <Stack gap="xs">
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" align="flex-start" wrap="nowrap">
          <Text size="sm" fw={600} miw={96}>
            {label}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Group>
      ))}
      <Text size="sm" fw={600}>
        {t('movieMail.columns.body')}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="movie-mail-body">
        {mail.body}
      </Text>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('movieMail.columns.expires')}
        </Text>
        <Text size="sm">{formatDateTime(mail.expires_at, i18n.language)}</Text>
        {mail.expired ? (
          <Badge variant="light" color="gray.8">
            {t('movieMail.expired')}
          </Badge>
        ) : null}
      </Group>
    </Stack>
  );
}
