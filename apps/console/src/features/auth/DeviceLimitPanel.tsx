import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconDevices } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/apiError.ts';
import { continueSignIn, heldDevices, logoutDeviceWhileHeld } from '../../api/auth.ts';
import { apiErrorText } from '../../api/errorText.ts';
import type { DeviceLimitOutcome, DeviceList, LoginActivity } from '../../api/loginAnswer.ts';
import { tokens } from '../../api/tokens.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { DeviceImagesSafeNote, DeviceTable } from './DeviceTable.tsx';
import { deviceNameText } from './deviceText.ts';
import { FormAlert } from './FormAlert.tsx';
import { LiveStatus } from './LiveStatus.tsx';
import type { LoginNotice } from './loginState.ts';

interface DeviceLimitPanelProps {
  outcome: DeviceLimitOutcome;
  onSignedIn: () => void;
  /** The held sign-in ended on the server (timed out, or finished elsewhere): back to the login form. */
  onEnded: (notice: LoginNotice) => void;
  onBack: () => void;
}

/**
 * The simultaneous-login limit (201): the user's signed-in devices, the one unused the longest suggested. "Log
 * out" ends that device's session with the temporary token; "Continue" then finishes this sign-in (or shows the
 * list again when the limit is still reached). Saved images are not affected, and the screen says so.
 */
export function DeviceLimitPanel({ outcome, onSignedIn, onEnded, onBack }: DeviceLimitPanelProps) {
  const { t } = useTranslation();
  const [list, setList] = useState<DeviceList>(outcome);
  const [pendingId, setPendingId] = useState<string | undefined>();
  const [continuing, setContinuing] = useState(false);
  const [loggedOut, setLoggedOut] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const service = list.serviceName || t('app.name');

  const failed = (cause: unknown): void => {
    if (cause instanceof ApiError && cause.status === 401) {
      tokens.clearTemporary();
      onEnded('sign_in_ended');
      return;
    }
    setError(cause instanceof ApiError ? apiErrorText(cause) : t('errors.general_error'));
  };

  const logoutDevice = async (device: LoginActivity) => {
    setPendingId(device.id);
    setError(undefined);
    setLoggedOut(undefined);
    try {
      setList(await logoutDeviceWhileHeld(device.id));
      setLoggedOut(deviceNameText(device.device, t));
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 404) {
        // Signed out meanwhile (on the device itself, or by its expiry): the list as it is now says so.
        setError(t('deviceLimit.alreadyGone'));
        try {
          setList(await heldDevices());
        } catch (again) {
          failed(again);
        }
      } else {
        failed(cause);
      }
    } finally {
      setPendingId(undefined);
    }
  };

  const continueNow = async () => {
    setContinuing(true);
    setError(undefined);
    try {
      const next = await continueSignIn();
      if (next.kind === 'signed_in') {
        onSignedIn();
        return;
      }
      if (next.kind === 'device_limit') {
        setList(next);
        setLoggedOut(undefined);
        setError(t('deviceLimit.stillFull'));
        return;
      }
      setError(t('errors.login_failed'));
    } catch (cause) {
      failed(cause);
    } finally {
      setContinuing(false);
    }
  };

  return (
    <Stack gap="md" data-testid="device-limit">
      <Alert color="orange" variant="light" icon={<IconDevices aria-hidden />} title={t('deviceLimit.title')}>
        <Stack gap={4}>
          <Text size="sm">
            {list.limit === null
              ? t('deviceLimit.bodyNoCount', { service })
              : t('deviceLimit.body', { limit: list.limit, service })}
          </Text>
          <Text size="sm">{t('deviceLimit.howTo')}</Text>
        </Stack>
      </Alert>
      <DeviceTable
        caption={t('deviceLimit.tableCaption')}
        devices={list.devices}
        targetTokenId={list.targetTokenId}
        onLogout={(device) => void logoutDevice(device)}
        pendingId={pendingId}
      />
      <DeviceImagesSafeNote />
      <LiveStatus
        message={loggedOut ? t('deviceLimit.loggedOut', { device: loggedOut }) : undefined}
        testId="device-logged-out"
      />
      <FormAlert message={error} testId="device-limit-error" />
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={onBack} disabled={continuing}>
          {t('deviceLimit.back')}
        </Button>
        <ActionButton
          icon={IconArrowRight}
          iconAfter
          onClick={() => void continueNow()}
          loading={continuing}
          disabled={pendingId !== undefined}
          variant={loggedOut ? 'filled' : 'light'}
          testId="device-limit-continue"
        >
          {t('deviceLimit.continue')}
        </ActionButton>
      </Group>
    </Stack>
  );
}
