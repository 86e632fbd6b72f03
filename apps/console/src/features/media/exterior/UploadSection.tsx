import { Alert, Badge, Box, Button, Group, NativeSelect, Progress, Stack, Text, Title } from '@mantine/core';
import type { ExteriorAnswer, VideoUploadAnswer } from '@spinyard/domain';
import { IconPlayerPause, IconPlayerPlay, IconRotate360, IconUpload, IconWifiOff, IconX } from '@tabler/icons-react';
import { type DragEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { useMakeSpin, useRefreshExterior } from '../../../api/exterior.ts';
import type { ControlLock } from './exteriorLocks.ts';
import { exteriorCodeText, exteriorErrorText, formatBytes, uploadStatusText } from './exteriorText.ts';
import {
  cancelUpload,
  discardInterrupted,
  dismissUpload,
  findInterruptedUploads,
  forgetInterrupted,
  type InterruptedUpload,
  type LocalUpload,
  pauseUpload,
  resumeUpload,
  startUpload,
  subscribeUploads,
  terminateServerUpload,
  uploadsOf,
} from './uploadStore.ts';

const STATUS_COLOURS: Record<string, string> = {
  requested: 'blue',
  ready: 'teal',
  preparing: 'indigo',
  processing: 'indigo',
  pending: 'gray',
  submitted: 'gray',
  progressing: 'indigo',
  complete: 'green',
  error: 'red',
  canceled: 'gray',
};

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

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      variant="light"
      color={STATUS_COLOURS[status.toLowerCase()] ?? 'gray'}
      data-testid="upload-status"
      data-status={status}
    >
      {uploadStatusText(status)}
    </Badge>
  );
}

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
  const { t } = useTranslation();
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
      {upload.error ? (
        <Alert color="red" variant="light" mt={6} p="xs" data-testid="exterior-upload-error" role="alert">
          <Text size="sm">{exteriorErrorText(upload.error, settings)}</Text>
        </Alert>
      ) : null}
      <Group gap="xs" mt={6}>
        {upload.state === 'uploading' || upload.state === 'offline' ? (
          <Button
            type="button"
            size="compact-sm"
            variant="default"
            leftSection={<IconPlayerPause size={14} aria-hidden />}
            onClick={() => pauseUpload(upload.key)}
            aria-label={t('exterior.upload.pauseOf', { name: upload.fileName })}
            data-testid="exterior-upload-pause"
          >
            {t('exterior.upload.pause')}
          </Button>
        ) : null}
        {upload.state === 'paused' ? (
          <Button
            type="button"
            size="compact-sm"
            variant="default"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            onClick={() => resumeUpload(upload.key)}
            aria-label={t('exterior.upload.resumeOf', { name: upload.fileName })}
            data-testid="exterior-upload-resume"
          >
            {t('exterior.upload.resume')}
          </Button>
        ) : null}
        {active ? (
          <Button
            type="button"
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => void cancelUpload(upload.key)}
            aria-label={t('exterior.upload.cancelOf', { name: upload.fileName })}
            data-testid="exterior-upload-cancel"
          >
            {t('exterior.upload.cancel')}
          </Button>
        ) : server?.status === 'ready' && upload.serverId ? (
          <Button
            type="button"
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={onCancelReady}
            aria-label={t('exterior.upload.cancelOf', { name: upload.fileName })}
            data-testid="exterior-upload-cancel"
          >
            {t('exterior.upload.cancel')}
          </Button>
        ) : (
          <Button
            type="button"
            size="compact-sm"
            variant="subtle"
            color="gray"
            onClick={onDismiss}
            aria-label={t('exterior.upload.dismissOf', { name: upload.fileName })}
          >
            {t('exterior.upload.dismiss')}
          </Button>
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
      {upload.status === 'error' ? (
        <Button
          type="button"
          size="compact-sm"
          variant="subtle"
          color="gray"
          mt={6}
          onClick={onDismiss}
          aria-label={t('exterior.upload.dismissOf', { name })}
        >
          {t('exterior.upload.dismiss')}
        </Button>
      ) : null}
      {cancelable ? (
        <Group gap="xs" mt={6}>
          {upload.status === 'requested' && interrupted ? (
            <Button
              type="button"
              size="compact-sm"
              variant="default"
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              onClick={onResume}
              disabled={disabled}
              aria-label={t('exterior.upload.resumeOf', { name })}
              data-testid="exterior-upload-resume-previous"
            >
              {t('exterior.upload.resumeChoose')}
            </Button>
          ) : null}
          <Button
            type="button"
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => void cancel()}
            loading={busy}
            disabled={disabled}
            aria-label={t('exterior.upload.cancelOf', { name })}
          >
            {t('exterior.upload.cancel')}
          </Button>
        </Group>
      ) : null}
    </Box>
  );
}

/**
 * Choosing and sending the walk-around videos, then making the spin from them: a picker and a drop zone (any
 * video: the server decides by content), a bar per file, the spec's upload states, refusals in the user's
 * language, and "Make the spin" once every chosen upload is ready.
 */
export function UploadSection({
  contentId,
  answer,
  readOnly,
  uploadLock,
  spinBusy,
}: {
  contentId: string;
  answer: ExteriorAnswer;
  readOnly: boolean;
  uploadLock: ControlLock;
  spinBusy: boolean;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshExterior(contentId);
  const makeSpin = useMakeSpin(contentId);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const rowId = useId();
  const [dragging, setDragging] = useState(false);
  const [interrupted, setInterrupted] = useState<InterruptedUpload[]>([]);
  const [spinError, setSpinError] = useState<string | null>(null);
  const [asyncStarted, setAsyncStarted] = useState(false);
  const [hidden, setHidden] = useState<string[]>(hiddenUploads);
  const { settings, obvr } = answer;
  const local = useSyncExternalStore(subscribeUploads, () => uploadsOf(contentId));
  const disabled = readOnly || uploadLock.locked;

  const defaultRow =
    settings.upload_type === 'multiple_lines' ? Math.min(obvr.rows + 1, Math.max(obvr.max_rows, 1)) : 1;
  const [row, setRow] = useState(defaultRow);
  useEffect(() => setRow(defaultRow), [defaultRow]);

  // Uploads the browser kept from an earlier page (a reload, a closed tab): offered again while the server waits.
  const serverIds = answer.uploads.map((u) => `${u.id}:${u.status}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again whenever the server's or this page's uploads change
  useEffect(() => {
    let live = true;
    const waiting = new Set(answer.uploads.filter((u) => u.status === 'requested').map((u) => u.id));
    void findInterruptedUploads(contentId).then((found) => {
      if (!live) return;
      // An address the server no longer waits on (finished, refused, expired) is forgotten; a minute's grace
      // covers an upload another tab has just created.
      const stale = found.filter(
        (f) => !(f.serverId && waiting.has(f.serverId)) && Date.now() - Date.parse(f.createdAt) > 60_000,
      );
      for (const f of stale) void forgetInterrupted(f);
      setInterrupted(found.filter((f) => !stale.includes(f)));
    });
    return () => {
      live = false;
    };
  }, [contentId, serverIds, local.length]);

  const onServerChange = () => void refresh();
  const send = (files: readonly File[]) => {
    setSpinError(null);
    setAsyncStarted(false);
    for (const file of files) void startUpload(contentId, file, { onServerChange });
  };
  const choose = () => inputRef.current?.click();

  const localIds = new Set(local.map((u) => u.serverId).filter((id): id is string => id !== null));
  const serverOnly = answer.uploads.filter((u) => !localIds.has(u.id) && !hidden.includes(u.id));
  const ready = answer.uploads.filter((u) => u.status === 'ready');
  const sending = local.some((u) => u.state === 'uploading' || u.state === 'paused' || u.state === 'offline');
  // With one row per video, the videos must fit in the rows left from the chosen row on (the domain's maximum).
  const rowsLeft = obvr.max_rows - row + 1;
  const tooMany = settings.upload_type === 'multiple_lines' && ready.length > rowsLeft;
  const spinDisabled = disabled || spinBusy || sending || ready.length === 0 || tooMany || makeSpin.isPending;

  const make = async () => {
    setSpinError(null);
    try {
      await makeSpin.mutateAsync({ upload_ids: ready.map((u) => u.id), group_order: row });
      setAsyncStarted(settings.async_upload);
      for (const u of local) if (u.state === 'done') dismissUpload(u.key);
    } catch (error) {
      setSpinError(
        error instanceof ApiError
          ? exteriorErrorText(error, { ...settings, max_rows: obvr.max_rows })
          : t('errors.general_error'),
      );
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) send(files);
  };

  return (
    <Stack gap="sm" data-testid="exterior-uploads">
      <Title order={3} size="h5">
        {t('exterior.upload.title')}
      </Title>
      <input
        ref={inputRef}
        type="file"
        accept="video/*"
        multiple
        hidden
        data-testid="exterior-file-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length > 0) send(files);
        }}
      />
      <Box
        p="lg"
        data-testid="exterior-dropzone"
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-4'})`,
          borderRadius: 8,
          background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
          textAlign: 'center',
        }}
      >
        <Stack gap="xs" align="center">
          <IconUpload size={28} aria-hidden color="var(--mantine-color-gray-7)" />
          <Text size="sm" id={hintId}>
            {t('exterior.upload.dropHint')}
          </Text>
          <Button
            type="button"
            onClick={choose}
            disabled={disabled}
            aria-describedby={hintId}
            data-testid="exterior-choose"
          >
            {t('exterior.upload.choose')}
          </Button>
          {uploadLock.reason ? (
            <Text size="xs" c="orange.9" data-testid="exterior-upload-locked">
              {uploadLock.reason}
            </Text>
          ) : null}
        </Stack>
      </Box>

      {local.length + serverOnly.length > 0 ? (
        <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('exterior.upload.listLabel')}>
          {local.map((u) => (
            <LocalUploadRow
              key={u.key}
              upload={u}
              server={answer.uploads.find((s) => s.id === u.serverId)}
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
              onResume={choose}
              onChanged={onServerChange}
              onDismiss={() => setHidden(hideUpload(u.id))}
            />
          ))}
        </Box>
      ) : null}

      <Group gap="sm" align="flex-end" wrap="wrap">
        {obvr.max_rows > 1 ? (
          <NativeSelect
            id={rowId}
            label={settings.upload_type === 'multiple_lines' ? t('exterior.spin.firstRow') : t('exterior.spin.row')}
            value={String(row)}
            onChange={(event) => setRow(Number(event.currentTarget.value))}
            data={Array.from({ length: obvr.max_rows }, (_, i) => ({
              value: String(i + 1),
              label: t('exterior.rowN', { n: i + 1 }),
            }))}
            disabled={disabled}
            w={160}
            data-testid="exterior-spin-row"
          />
        ) : null}
        <Button
          type="button"
          leftSection={<IconRotate360 size={16} aria-hidden />}
          onClick={() => void make()}
          disabled={spinDisabled}
          loading={makeSpin.isPending}
          data-testid="exterior-make-spin"
        >
          {t('exterior.spin.make', { count: ready.length })}
        </Button>
      </Group>
      <Text size="xs" c="gray.7">
        {ready.length === 0
          ? t('exterior.spin.needReady')
          : settings.upload_type === 'group'
            ? t('exterior.spin.groupNote', { count: ready.length })
            : t('exterior.spin.linesNote', { count: ready.length })}
      </Text>
      {tooMany ? (
        <Alert color="orange" variant="light" data-testid="exterior-too-many">
          {t('exterior.spin.tooMany', { max: obvr.max_rows, count: Math.max(rowsLeft, 0), row })}
        </Alert>
      ) : null}
      {spinError ? (
        <Alert color="red" variant="light" role="alert" data-testid="exterior-spin-error">
          {spinError}
        </Alert>
      ) : null}
      {asyncStarted ? (
        <Alert color="blue" variant="light" data-testid="exterior-async-note">
          {t('exterior.spin.mayLeave')}
        </Alert>
      ) : null}
    </Stack>
  );
}
