import { Alert, Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { EXTERIOR_SIZES, type ExteriorAnswer } from '@spinyard/domain';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { useDeleteExterior, useExterior } from '../../../api/exterior.ts';
import { useLiveProcesses } from '../../../api/liveProcesses.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { ExteriorAiTools } from '../ai/ExteriorAiTools.tsx';
import type { MediaPanelProps } from '../mediaPanel.ts';
import { DeleteConfirm } from './DeleteConfirm.tsx';
import { ProcessLines, SpinSettings } from './ExteriorControls.tsx';
import { lockFor, runningOf, spinRunning } from './exteriorLocks.ts';
import { exteriorErrorText, formatBytes } from './exteriorText.ts';
import { FrameRow } from './FrameRow.tsx';
import { OriginalVideoDownloads } from './OriginalVideoDownloads.tsx';
import { SpinPreview } from './SpinPreview.tsx';
import { TurnChecks } from './TurnChecks.tsx';
import { UploadSection } from './UploadSection.tsx';

/** The blur and replace-image editor loads only when it is opened. */
const BlurEditor = lazy(() => import('./blur/BlurEditor.tsx').then((m) => ({ default: m.BlurEditor })));

function SettingsLine({ answer }: { answer: ExteriorAnswer }) {
  const { t } = useTranslation();
  const s = answer.settings;
  const size = EXTERIOR_SIZES.find((x) => x.id === s.exterior_size)?.label ?? s.exterior_size;
  const items = [
    t('exterior.settings.frames', { count: s.frame_count }),
    t('exterior.settings.size', { size }),
    t(`exterior.settings.type.${s.upload_type}`),
    t('exterior.settings.limit', { count: s.upload_limit, max: formatBytes(s.max_bytes) }),
    t('exterior.settings.minSeconds', { seconds: s.min_seconds }),
  ];
  return (
    <Stack gap={4} data-testid="exterior-settings">
      <Group gap={6} wrap="wrap">
        {items.map((item) => (
          <Badge key={item} variant="outline" color="gray.7" tt="none" fw={500}>
            {item}
          </Badge>
        ))}
      </Group>
      <Text size="xs" c="gray.7">
        {s.async_upload ? t('exterior.settings.asyncOn') : t('exterior.settings.asyncOff')}
      </Text>
    </Stack>
  );
}

/**
 * The wizard's exterior step for a saved vehicle: the domain's settings, the videos (resumable uploads), making the
 * spin with its progress, and then every row's frames to reorder, replace, restore or delete, the initial angle and
 * row, extra-image removal and a small preview. Controls follow the lock rules of the running processes.
 */
export function ExteriorPanel({ contentId, readOnly }: MediaPanelProps) {
  const { t } = useTranslation();
  const exterior = useExterior(contentId);
  // The process socket moves the vehicle's processes live (a blur started elsewhere locks the controls at once),
  // and a process that ends makes the spin stale, so its frames are read again.
  const processes = useLiveProcesses(contentId, exterior.data?.processes);
  const deleteAll = useDeleteExterior(contentId);
  const [error, setError] = useState<string | null>(null);
  const [blurGroup, setBlurGroup] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  if (exterior.isPending) return <CenteredLoader py={32} />;
  const answer = exterior.data;
  if (!answer) {
    return (
      <Alert color="red" variant="light" data-testid="exterior-load-error">
        {exterior.error instanceof ApiError ? exteriorErrorText(exterior.error) : t('errors.general_error')}
      </Alert>
    );
  }

  const running = runningOf({ processes });
  const spinBusy = spinRunning(running);
  const settings = answer.settings;
  const uploadLock = lockFor(running, settings.async_upload ? 'EXTERIOR.ASYNC_UPLOAD' : 'EXTERIOR.UPLOAD');
  const locks = {
    reorder: lockFor(running, 'EXTERIOR.REORDER'),
    deleteFrame: lockFor(running, 'EXTERIOR.UPDATE'),
    deleteRow: lockFor(running, 'EXTERIOR.DELETE'),
    replace: lockFor(running, 'EXTERIOR.REPLACE_IMAGE'),
    blur: lockFor(running, 'EXTERIOR.APPLY_BLUR'),
  };
  const angleLock = lockFor(running, 'EXTERIOR.UPDATE');
  const rowLock = lockFor(running, 'EXTERIOR.UPDATE_INITIAL_ROW');
  const extraLock = lockFor(running, 'EXTERIOR.REMOVE_EXTRA_IMAGES');
  const anyLock = [uploadLock, ...Object.values(locks), angleLock, rowLock].find((l) => l.locked);
  const groups = [...answer.groups].sort((a, b) => a.group_order - b.group_order);
  const mainGroup = groups.find((g) => g.group_order === answer.obvr.initial_row) ?? groups[0];
  const failed = answer.processes.filter((p) => p.status === 'failed' && p.error);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await work();
      notifySuccess(done);
    } catch (cause) {
      setError(cause instanceof ApiError ? exteriorErrorText(cause, settings) : t('errors.general_error'));
    }
  };

  return (
    <Stack gap="lg" data-testid="exterior-panel">
      <SettingsLine answer={answer} />

      {anyLock?.reason ? (
        <Alert color="orange" variant="light" icon={<IconLock aria-hidden />} data-testid="exterior-locked">
          {anyLock.reason}
        </Alert>
      ) : null}

      <ProcessLines processes={processes} failed={failed} settings={settings} />

      <UploadSection
        contentId={contentId}
        answer={answer}
        readOnly={readOnly}
        uploadLock={uploadLock}
        spinBusy={spinBusy}
      />

      <Divider />

      {groups.length === 0 ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="exterior-no-frames">
          {spinBusy ? t('exterior.frames.making') : t('exterior.frames.none')}
        </Alert>
      ) : (
        <Stack gap="lg">
          <SpinSettings
            contentId={contentId}
            answer={answer}
            groups={groups}
            readOnly={readOnly}
            locks={{ angle: angleLock, row: rowLock, extra: extraLock, deleteAll: locks.deleteRow }}
            run={run}
            onDeleteAll={() => setConfirmDelete(true)}
          />
          <ExteriorAiTools contentId={contentId} processes={processes} readOnly={readOnly} onOpenBlur={setBlurGroup} />
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="exterior-error">
              {error}
            </Alert>
          ) : null}
          <TurnChecks groups={groups} />
          {mainGroup ? <SpinPreview key={mainGroup.group_id} group={mainGroup} /> : null}
          <OriginalVideoDownloads contentId={contentId} />
          {groups.map((g) => (
            <FrameRow
              key={g.group_id}
              contentId={contentId}
              group={g}
              settings={settings}
              readOnly={readOnly}
              locks={locks}
              onOpenBlur={() => setBlurGroup(g.group_id)}
            />
          ))}
        </Stack>
      )}

      {blurGroup ? (
        <Suspense fallback={null}>
          <BlurEditor contentId={contentId} groupId={blurGroup} opened onClose={() => setBlurGroup(null)} />
        </Suspense>
      ) : null}

      <DeleteConfirm
        opened={confirmDelete}
        title={t('exterior.deleteAll.title')}
        text={t('exterior.deleteAll.text')}
        loading={deleteAll.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => run(() => deleteAll.mutateAsync(), t('exterior.deleteAll.done'))}
        testId="exterior-delete-all-confirm"
      />
    </Stack>
  );
}
