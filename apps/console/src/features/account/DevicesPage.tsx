import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLogout, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEVICES_QUERY_KEY, fetchMyDevices, useLogoutMyDevice } from '../../api/account.ts';
import { ApiError } from '../../api/apiError.ts';
import { apiErrorText } from '../../api/errorText.ts';
import type { LoginActivity } from '../../api/loginAnswer.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { DeviceImagesSafeNote, DeviceTable } from '../auth/DeviceTable.tsx';
import { deviceNameText } from '../auth/deviceText.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { notifyDone } from '../auth/notifyDone.ts';
import { QueryWaitView } from './QueryWaitView.tsx';
import { SectionCard } from './SectionCard.tsx';
import { endSessionIfUnauthorized } from './sessionErrors.ts';

/**
 * /account/devices (the spec's "login device management", path ours): every live session of the user, this one
 * marked. Any other device can be logged out; this one signs out with the usual sign-out.
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const devices = useQuery({ queryKey: DEVICES_QUERY_KEY, queryFn: fetchMyDevices, retry: false });
  const logoutDevice = useLogoutMyDevice();
  const logOut = (device: LoginActivity) =>
    logoutDevice.mutate(device, {
      onSuccess: () => notifyDone(t('devices.loggedOut', { device: deviceNameText(device.device, t) })),
      onError: (cause) => {
        if (endSessionIfUnauthorized(cause)) return;
        if (cause instanceof ApiError && cause.status === 404) {
          setError(t('deviceLimit.alreadyGone'));
          void devices.refetch();
          return;
        }
        setError(cause instanceof ApiError ? apiErrorText(cause) : t('errors.general_error'));
      },
    });

  if (devices.isPending || devices.isError) return <QueryWaitView query={devices} />;

  const { limit } = devices.data;
  return (
    <Stack gap="lg" maw={1100}>
      <SectionCard id="devices" title={t('devices.title')} description={t('devices.lead')}>
        <Group justify="space-between" gap="sm">
          <Text size="sm" data-testid="device-count">
            {limit === null
              ? t('devices.countNoLimit', { n: devices.data.devices.length })
              : t('devices.count', { n: devices.data.devices.length, limit })}
          </Text>
          <ActionButton
            icon={IconRefresh}
            iconSize={14}
            variant="default"
            size="xs"
            loading={devices.isFetching && !logoutDevice.isPending}
            onClick={() => {
              setError(undefined);
              void devices.refetch();
            }}
          >
            {t('devices.refresh')}
          </ActionButton>
        </Group>
        <FormAlert message={error} testId="devices-error" />
        <DeviceTable
          caption={t('devices.tableCaption')}
          devices={devices.data.devices}
          targetTokenId={null}
          pendingId={logoutDevice.isPending ? logoutDevice.variables?.id : undefined}
          onLogout={(device) => {
            setError(undefined);
            logOut(device);
          }}
          currentAction={
            <Button
              component={Link}
              to="/logout"
              size="xs"
              variant="subtle"
              leftSection={<IconLogout size={14} aria-hidden />}
              data-testid="device-sign-out"
            >
              {t('devices.signOutHere')}
            </Button>
          }
        />
        <DeviceImagesSafeNote />
      </SectionCard>
    </Stack>
  );
}
