import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { IconDevices } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LoginOutcome } from '../../api/loginAnswer.ts';

type DeviceLimit = Extract<LoginOutcome, { kind: 'device_limit' }>;

/**
 * The simultaneous-login limit (201): the devices signed in now, from the answer. Signing a device out from
 * here arrives with the login-device issue; until then the user signs out on one of those devices.
 */
export function DeviceLimitNotice({ outcome, onBack }: { outcome: DeviceLimit; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const formatDate = (iso: string | null) => {
    if (!iso) return t('deviceLimit.unknown');
    const date = new Date(iso);
    return Number.isNaN(date.getTime())
      ? iso
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  };
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconDevices aria-hidden />} title={t('deviceLimit.title')}>
        {outcome.limit === null
          ? t('deviceLimit.bodyNoCount', { service: outcome.serviceName || t('app.name') })
          : t('deviceLimit.body', { limit: outcome.limit, service: outcome.serviceName || t('app.name') })}
      </Alert>
      {outcome.devices.length > 0 ? (
        <Table.ScrollContainer minWidth={360}>
          <Table striped withTableBorder captionSide="top">
            <Table.Caption>{t('deviceLimit.tableCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('deviceLimit.device')}</Table.Th>
                <Table.Th scope="col">{t('deviceLimit.ip')}</Table.Th>
                <Table.Th scope="col">{t('deviceLimit.lastUsed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outcome.devices.map((device) => (
                <Table.Tr key={device.id}>
                  <Table.Td>{device.device || device.application || t('deviceLimit.unknown')}</Table.Td>
                  <Table.Td>{device.ip || t('deviceLimit.unknown')}</Table.Td>
                  <Table.Td>{formatDate(device.lastUsedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Text size="sm" c="gray.7">
        {t('deviceLimit.howTo')}
      </Text>
      <Text size="sm" c="gray.7">
        {t('deviceLimit.imagesSafe')}
      </Text>
      <Button variant="default" onClick={onBack}>
        {t('deviceLimit.back')}
      </Button>
    </Stack>
  );
}
