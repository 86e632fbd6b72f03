import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle, IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginActivity } from '../../api/loginAnswer.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { applicationKey, deviceNameText, devicesInDisplayOrder, formatDateTime } from './deviceText.ts';

interface DeviceTableProps {
  caption: string;
  devices: readonly LoginActivity[];
  /** The device the server suggests logging out: highlighted, its button filled. */
  targetTokenId: string | null;
  onLogout: (device: LoginActivity) => void;
  /** The device being logged out now (its button spins, the others wait). */
  pendingId: string | undefined;
  /** What the row of this device offers instead of a logout button (the normal sign-out). */
  currentAction?: ReactNode;
}

interface Row {
  device: LoginActivity;
  name: string;
  application: string;
  ip: string;
  lastUsed: string;
  signedInAt: string | undefined;
  suggested: boolean;
}

/**
 * Signed-in devices: name, application, IP address, last use, with "this device" and "suggested" badges and a
 * logout button per device. Each button names its device, so a screen-reader user hears which one it ends. On a
 * phone the devices are cards, so every button stays in view.
 */
export function DeviceTable({ caption, devices, targetTokenId, onLogout, pendingId, currentAction }: DeviceTableProps) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery('(max-width: 40em)') ?? false;
  const unknown = t('devices.unknown');

  const rows: Row[] = devicesInDisplayOrder(devices).map((device) => {
    const appKey = applicationKey(device.application);
    return {
      device,
      name: deviceNameText(device.device, t),
      application: appKey ? t(appKey) : device.application || unknown,
      ip: device.ip || unknown,
      lastUsed: formatDateTime(device.lastUsedAt, i18n.language) ?? unknown,
      signedInAt: formatDateTime(device.createdAt, i18n.language),
      suggested: device.id === targetTokenId && !device.current,
    };
  });

  const badges = (row: Row) =>
    row.device.current || row.suggested ? (
      <Group gap={6}>
        {row.device.current ? (
          <Badge size="sm" color="blue" variant="filled" data-testid="this-device">
            {t('devices.thisDevice')}
          </Badge>
        ) : null}
        {row.suggested ? (
          <Badge size="sm" color="orange" variant="light" data-testid="suggested-device">
            {t('devices.suggested')}
          </Badge>
        ) : null}
      </Group>
    ) : null;

  const action = (row: Row, fullWidth: boolean) =>
    row.device.current ? (
      (currentAction ?? null)
    ) : (
      <ActionButton
        icon={IconLogout}
        iconSize={14}
        size="xs"
        fullWidth={fullWidth}
        variant={row.suggested ? 'filled' : 'default'}
        loading={pendingId === row.device.id}
        disabled={pendingId !== undefined && pendingId !== row.device.id}
        onClick={() => onLogout(row.device)}
        aria-label={t('devices.logoutNamed', { device: row.name, ip: row.ip })}
        testId="device-logout"
      >
        {t('devices.logout')}
      </ActionButton>
    );

  const rowProps = (row: Row) => ({
    'data-testid': 'device-row',
    'data-device-id': row.device.id,
    'data-current': row.device.current,
    'data-suggested': row.suggested,
  });
  const background = (row: Row) =>
    row.suggested ? 'var(--mantine-color-orange-0)' : row.device.current ? 'var(--mantine-color-blue-0)' : undefined;

  if (narrow) {
    return (
      <Stack gap="sm" data-testid="device-table">
        <Text size="sm" c="gray.7" id="device-list-caption">
          {caption}
        </Text>
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="device-list-caption">
          {rows.map((row) => (
            <Paper
              component="li"
              key={row.device.id}
              withBorder
              p="sm"
              radius="md"
              bg={background(row)}
              {...rowProps(row)}
            >
              <Stack gap={6}>
                <Text size="sm" fw={600}>
                  {row.name}
                </Text>
                {badges(row)}
                <Text size="xs" c="gray.7">
                  {t('devices.application')}: {row.application} · {t('devices.ip')}: {row.ip}
                </Text>
                <Text size="xs" c="gray.7">
                  {t('devices.lastUsed')}: {row.lastUsed}
                </Text>
                {action(row, true)}
              </Stack>
            </Paper>
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder verticalSpacing="sm" captionSide="top" data-testid="device-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('devices.device')}</Table.Th>
            <Table.Th scope="col">{t('devices.application')}</Table.Th>
            <Table.Th scope="col">{t('devices.ip')}</Table.Th>
            <Table.Th scope="col">{t('devices.lastUsed')}</Table.Th>
            <Table.Th scope="col">{t('devices.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.device.id} bg={background(row)} {...rowProps(row)}>
              <Table.Td>
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {row.name}
                  </Text>
                  {badges(row)}
                  {row.signedInAt ? (
                    <Text size="xs" c="gray.7">
                      {t('devices.signedInAt', { time: row.signedInAt })}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>{row.application}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {row.ip}
                </Text>
              </Table.Td>
              <Table.Td>{row.lastUsed}</Table.Td>
              <Table.Td>{action(row, false)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Under a device list: signing a device out keeps every picture and vehicle (the worry of a user at the limit). */
export function DeviceImagesSafeNote() {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <IconInfoCircle size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
      <Text size="sm" c="gray.7">
        {t('deviceLimit.imagesSafe')}
      </Text>
    </Group>
  );
}
