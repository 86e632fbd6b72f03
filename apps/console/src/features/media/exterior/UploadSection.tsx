import { Alert, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import type { ExteriorAnswer } from '@spinyard/domain';
import { IconRotate360 } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { useMakeSpin, useRefreshExterior } from '../../../api/exterior.ts';
import { ToolButton } from '../../../shared/buttons/ToolButton.tsx';
import { checkUpload } from '../../../shared/media-check/checkUpload.ts';
import { DropZone } from './DropZone.tsx';
import { earlierUploadOf } from './earlierUpload.ts';
import type { ControlLock } from './exteriorLocks.ts';
import { exteriorErrorText } from './exteriorText.ts';
import { UploadList } from './UploadList.tsx';
import { UploadSessionBar } from './UploadSessionBar.tsx';
import {
  dismissUpload,
  noteEarlierUpload,
  refuseUpload,
  startUpload,
  subscribeUploads,
  uploadsOf,
} from './uploadStore.ts';
import { useInterruptedUploads } from './useInterruptedUploads.ts';

/**
 * Choosing and sending the walk-around videos, then making the spin from them: a picker and a drop zone (each file
 * judged in the browser by the server's rules before it is sent, the server judging it again by its content), a
 * bar per file, the spec's upload states, refusals in the user's language, and "Make the spin" once every chosen upload is ready.
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
  const [spinError, setSpinError] = useState<string | null>(null);
  const [asyncStarted, setAsyncStarted] = useState(false);
  const { settings, obvr } = answer;
  const local = useSyncExternalStore(subscribeUploads, () => uploadsOf(contentId));
  const disabled = readOnly || uploadLock.locked;

  const defaultRow =
    settings.upload_type === 'multiple_lines' ? Math.min(obvr.rows + 1, Math.max(obvr.max_rows, 1)) : 1;
  const [row, setRow] = useState(defaultRow);
  useEffect(() => setRow(defaultRow), [defaultRow]);

  const interrupted = useInterruptedUploads(contentId, answer.uploads, local.length);

  const onServerChange = () => void refresh();
  // A second upload of the same video goes up all the same (the dealer may mean it), named with the first's date
  // and, when it went to another vehicle, that vehicle's name.
  const sendNamingEarlier = async (file: File) => {
    const key = await startUpload(contentId, file, { onServerChange });
    const own = () => uploadsOf(contentId).find((u) => u.key === key)?.serverId ?? null;
    const earlier = await earlierUploadOf(contentId, file, own);
    if (earlier) noteEarlierUpload(key, earlier);
  };

  const send = async (files: readonly File[]) => {
    setSpinError(null);
    setAsyncStarted(false);
    const rule = { kind: 'exterior_video', minSeconds: settings.min_seconds, maxBytes: settings.max_bytes } as const;
    // Each file is judged by the server's rules in the browser first: a wrong one is refused before a byte is sent.
    const refusals = await Promise.all(files.map((file) => checkUpload(file, rule)));
    for (const [i, file] of files.entries()) {
      const refused = refusals[i];
      if (refused) refuseUpload(contentId, file, refused);
      else void sendNamingEarlier(file);
    }
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

  return (
    <Stack gap="sm" data-testid="exterior-uploads">
      <Title order={3} size="h5">
        {t('exterior.upload.title')}
      </Title>
      <DropZone
        inputRef={inputRef}
        disabled={disabled}
        lockReason={uploadLock.reason}
        onFiles={(files) => void send(files)}
      />
      <UploadSessionBar contentId={contentId} uploads={answer.uploads} local={local} disabled={readOnly} />

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
          <SpinRowSelect
            row={row}
            maxRows={obvr.max_rows}
            firstOfLines={settings.upload_type === 'multiple_lines'}
            disabled={disabled}
            onChange={setRow}
          />
        ) : null}
        <ToolButton
          tone="filled"
          icon={IconRotate360}
          onClick={() => void make()}
          disabled={spinDisabled}
          loading={makeSpin.isPending}
          data-testid="exterior-make-spin"
        >
          {t('exterior.spin.make', { count: ready.length })}
        </ToolButton>
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

/** The row the spin goes to (or the first of the rows, one video a row). */
function SpinRowSelect(props: {
  row: number;
  maxRows: number;
  firstOfLines: boolean;
  disabled: boolean;
  onChange: (row: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <NativeSelect
      id={id}
      label={props.firstOfLines ? t('exterior.spin.firstRow') : t('exterior.spin.row')}
      value={String(props.row)}
      onChange={(event) => props.onChange(Number(event.currentTarget.value))}
      data={Array.from({ length: props.maxRows }, (_, i) => ({
        value: String(i + 1),
        label: t('exterior.rowN', { n: i + 1 }),
      }))}
      disabled={props.disabled}
      w={160}
      data-testid="exterior-spin-row"
    />
  );
}
