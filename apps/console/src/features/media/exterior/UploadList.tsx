import { Alert, Badge, Box, Group, Progress, Text } from '@mantine/core';
import type { ExteriorAnswer, VideoUploadAnswer } from '@spinyard/domain';
import { IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/formatDateTime.ts';
import { exteriorCodeText, exteriorErrorText, formatBytes } from './exteriorText.ts';
import { StatusBadge, UploadAction } from './UploadParts.tsx';
import {
  cancelUpload,
  discardInterrupted,
  dismissUpload,
  type InterruptedUpload,
  type LocalUpload,
  pauseUpload,
  resumeUpload,
  terminateServerUpload,
} from './uploadStore.ts';

/** Refused uploads the user removed from the list (the server keeps them a day, with their reason). */
const HIDDEN_KEY = 'spinyard.exterior.hiddenUploads';

function hiddenUploads(): string[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(HIDDEN_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function hideUpload(id: string): string[] {
  const next = [...hiddenUploads().filter((v) => v !== id), id].slice(-100);
  try {
    window.sessionStorage.setItem(HIDDEN_KEY, JSON.stringify(next));
  } catch {
    // Storage disabled: hidden for this view only.
  }
  return next;
}

const percentOf = (sent: number, total: number) => (total > 0 ? Math.floor((sent / total) * 100) : 0);

/** One file this page is sending: its bar with bytes and percent, pause, resume and cancel, and its refusal. */
function LocalUploadRow({
  upload,
  server,
  settings,
  onDismiss,
  onCancelReady,
}: {
  upload: LocalUpload;
  server: VideoUploadAnswer | undefined;
  settings: ExteriorAnswer['settings'];
  onDismiss: () => void;
  /** Cancels an upload whose bytes are all there (ready) but that is not wanted in the spin. */
  onCancelReady: () => void;
}) {
  const { t, i18n } = useTranslation();
  const percent = upload.state === 'done' ? 100 : percentOf(upload.bytesSent, upload.bytesTotal);
  const active = upload.state === 'uploading' || upload.state === 'offline' || upload.state === 'paused';
  // While the bytes go up the server holds the upload as "requested"; once they are there it says "ready".
  const status =
    server?.status ?? (upload.state === 'failed' ? 'error' : upload.state === 'canceled' ? 'canceled' : 'requested');
  const label = t('exterior.upload.progressOf', { name: upload.fileName });
  return (
    <Box component="li" data-testid="exterior-upload" data-state={upload.state} py="xs">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {upload.fileName}
        </Text>
        <Group gap={6} wrap="nowrap">
          {upload.state === 'offline' ? (
            <Badge color="orange" variant="light" leftSection={<IconWifiOff size={12} aria-hidden />}>
              {t('exterior.upload.offline')}
            </Badge>
          ) : null}
          {upload.state === 'paused' ? (
            <Badge color="gray" variant="light">
              {t('exterior.upload.paused')}
            </Badge>
          ) : null}
          <StatusBadge status={status} />
        </Group>
      </Group>
      {upload.state !== 'failed' && upload.state !== 'canceled' ? (
        <>
          <Progress
            value={percent}
            mt={6}
            aria-label={label}
            animated={upload.state === 'uploading'}
            color={upload.state === 'done' ? 'green' : upload.state === 'uploading' ? 'blue' : 'gray'}
            data-testid="exterior-upload-progress"
            data-percent={percent}
          />
          <Text size="xs" c="gray.7" mt={4} data-testid="exterior-upload-bytes">
            {t('exterior.upload.bytes', {
              sent: formatBytes(upload.state === 'done' ? upload.bytesTotal : upload.bytesSent),
              total: formatBytes(upload.bytesTotal),
              percent,
            })}
            {upload.resumed ? ` · ${t('exterior.upload.resumedNote')}` : ''}
          </Text>
        </>
      ) : null}
      {upload.earlier ? (
        <Alert color="yellow" variant="light" mt={6} p="xs" data-testid="exterior-upload-earlier">
          <Text size="sm">
            {upload.earlier.otherVehicle === null
              ? t('exterior.upload.alreadyUploaded', { date: formatDateTime(upload.earlier.at, i18n.language) })
              : t('exterior.upload.alreadyUploadedTo', {
                  date: formatDateTime(upload.earlier.at, i18n.language),
                  vehicle: upload.earlier.otherVehicle || t('exterior.upload.anotherVehicle'),
                })}
          </Text>
        </Alert>
      ) : null}
      {upload.error ? (
        <Alert color="red" variant="light" mt={6} p="xs" data-testid="exterior-upload-error" role="alert">
          <Text size="sm">{exteriorErrorText(upload.error, settings)}</Text>
        </Alert>
      ) : null}
      <Group gap="xs" mt={6}>
        {upload.state === 'uploading' || upload.state === 'offline' ? (
          <UploadAction
            kind="pause"
            name={upload.fileName}
            onClick={() => pauseUpload(upload.key)}
            testId="exterior-upload-pause"
          />
        ) : null}
        {upload.state === 'paused' ? (
          <UploadAction
            kind="resume"
            name={upload.fileName}
            onClick={() => resumeUpload(upload.key)}
            testId="exterior-upload-resume"
          />
        ) : null}
        {active || (server?.status === 'ready' && upload.serverId) ? (
          <UploadAction
            kind="cancel"
            name={upload.fileName}
            onClick={active ? () => void cancelUpload(upload.key) : onCancelReady}
            testId="exterior-upload-cancel"
          />
        ) : (
          <UploadAction kind="dismiss" name={upload.fileName} onClick={onDismiss} />
        )}
      </Group>
    </Box>
  );
}

/** An upload the server holds that this page is not sending: from an earlier page, another tab, or waiting for a spin. */
function ServerUploadRow({
  upload,
  interrupted,
  settings,
  disabled,
  onResume,
  onChanged,
  onDismiss,
}: {
  upload: VideoUploadAnswer;
  interrupted: InterruptedUpload | undefined;
  settings: ExteriorAnswer['settings'];
  disabled: boolean;
  onResume: () => void;
  onChanged: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const name = upload.file_name ?? t('exterior.upload.unnamed');
  const cancelable = upload.status === 'requested' || upload.status === 'ready';
  const cancel = async () => {
    setBusy(true);
    try {
      if (interrupted) await discardInterrupted(interrupted);
      else await terminateServerUpload(upload.id);
    } catch {
      // Already taken by the pipeline or gone: the refreshed list says which.
    } finally {
      setBusy(false);
      onChanged();
    }
  };
  return (
    <Box component="li" data-testid="exterior-server-upload" data-status={upload.status} py="xs">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
          <Text span size="xs" c="gray.7" ml={6}>
            {formatBytes(upload.size)}
          </Text>
        </Text>
        <StatusBadge status={upload.status} />
      </Group>
      {upload.status === 'requested' ? (
        <Text size="xs" c="gray.7" mt={4}>
          {interrupted ? t('exterior.upload.interrupted') : t('exterior.upload.elsewhere')}
        </Text>
      ) : null}
      {upload.error_code ? (
        <Alert color="red" variant="light" mt={6} p="xs" data-testid="exterior-upload-error">
          <Text size="sm">{exteriorCodeText(upload.error_code, settings)}</Text>
        </Alert>
      ) : null}
      {upload.status === 'error' ? <UploadAction kind="dismiss" name={name} onClick={onDismiss} mt={6} /> : null}
      {cancelable ? (
        <Group gap="xs" mt={6}>
          {upload.status === 'requested' && interrupted ? (
            <UploadAction
              kind="resume"
              name={name}
              text={t('exterior.upload.resumeChoose')}
              onClick={onResume}
              disabled={disabled}
              testId="exterior-upload-resume-previous"
            />
          ) : null}
          <UploadAction kind="cancel" name={name} onClick={() => void cancel()} loading={busy} disabled={disabled} />
        </Group>
      ) : null}
    </Box>
  );
}

/**
 * The exterior's uploads as one list: the files this page is sending, then those only the server holds (an earlier
 * page, another tab, a refusal). Nothing is shown when there are none.
 */
export function UploadList({
  local,
  uploads,
  interrupted,
  settings,
  disabled,
  onResume,
  onServerChange,
}: {
  local: readonly LocalUpload[];
  uploads: readonly VideoUploadAnswer[];
  interrupted: readonly InterruptedUpload[];
  settings: ExteriorAnswer['settings'];
  disabled: boolean;
  /** Opens the file picker again, for an upload an earlier page left unfinished. */
  onResume: () => void;
  onServerChange: () => void;
}) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState<string[]>(hiddenUploads);
  const localIds = new Set(local.map((u) => u.serverId).filter((id): id is string => id !== null));
  const serverOnly = uploads.filter((u) => !localIds.has(u.id) && !hidden.includes(u.id));
  if (local.length + serverOnly.length === 0) return null;
  return (
    <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('exterior.upload.listLabel')}>
      {local.map((u) => (
        <LocalUploadRow
          key={u.key}
          upload={u}
          server={uploads.find((s) => s.id === u.serverId)}
          settings={settings}
          onDismiss={() => {
            dismissUpload(u.key);
            // A refused file stays in the server's list for a day: removed here, it stays out of sight.
            if (u.serverId && u.state !== 'done') setHidden(hideUpload(u.serverId));
          }}
          onCancelReady={() => {
            const serverId = u.serverId;
            if (!serverId) return;
            void terminateServerUpload(serverId)
              .catch(() => undefined)
              .then(() => {
                dismissUpload(u.key);
                onServerChange();
              });
          }}
        />
      ))}
      {serverOnly.map((u) => (
        <ServerUploadRow
          key={u.id}
          upload={u}
          interrupted={interrupted.find((i) => i.serverId === u.id)}
          settings={settings}
          disabled={disabled}
          onResume={onResume}
          onChanged={onServerChange}
          onDismiss={() => setHidden(hideUpload(u.id))}
        />
      ))}
    </Box>
  );
}
