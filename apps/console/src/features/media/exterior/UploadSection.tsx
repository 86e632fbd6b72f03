import { Alert, Box, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import type { ExteriorAnswer } from '@spinyard/domain';
import { IconRotate360, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { useMakeSpin, useRefreshExterior } from '../../../api/exterior.ts';
import { WARNING_TEXT } from '../../../shared/theme.ts';
import type { ControlLock } from './exteriorLocks.ts';
import { exteriorErrorText } from './exteriorText.ts';
import { UploadList } from './UploadList.tsx';
import {
  dismissUpload,
  findInterruptedUploads,
  forgetInterrupted,
  type InterruptedUpload,
  startUpload,
  subscribeUploads,
  uploadsOf,
} from './uploadStore.ts';

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
            <Text size="xs" c={WARNING_TEXT} data-testid="exterior-upload-locked">
              {uploadLock.reason}
            </Text>
          ) : null}
        </Stack>
      </Box>

      <UploadList
        local={local}
        uploads={answer.uploads}
        interrupted={interrupted}
        settings={settings}
        disabled={disabled}
        onResume={choose}
        onServerChange={onServerChange}
      />

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
