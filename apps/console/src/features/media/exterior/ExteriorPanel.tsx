import { Alert, Badge, Button, Divider, Group, NativeSelect, Progress, Stack, Text } from '@mantine/core';
import { EXTERIOR_ANGLE_IDS, EXTERIOR_SIZES, type ExteriorAnswer, type ProcessAnswer } from '@spinyard/domain';
import { IconInfoCircle, IconLock, IconTrash, IconWand } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { useContent } from '../../../api/contentDetail.ts';
import { useContentProgress } from '../../../api/contentProgress.ts';
import {
  useDeleteExterior,
  useExterior,
  useRemoveExtraImages,
  useSetInitialAngle,
  useSetInitialRow,
} from '../../../api/exterior.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import type { MediaPanelProps } from '../mediaPanel.ts';
import { DeleteConfirm } from './DeleteConfirm.tsx';
import { lockFor, runningOf, spinRunning } from './exteriorLocks.ts';
import { exteriorErrorText, formatBytes, processErrorText } from './exteriorText.ts';
import { FrameRow } from './FrameRow.tsx';
import { SpinPreview } from './SpinPreview.tsx';
import { UploadSection } from './UploadSection.tsx';

/** The blur and replace-image editor loads only when it is opened. */
const BlurEditor = lazy(() => import('./blur/BlurEditor.tsx').then((m) => ({ default: m.BlurEditor })));

/** "Remove extra images" applies: frames past the domain's frame count in a row, or a row not yet part of the spin. */
export function hasExtraImages(answer: Pick<ExteriorAnswer, 'extra_images'>): boolean {
  return answer.extra_images > 0;
}

const ended = (p: ProcessAnswer) => p.status === 'succeeded' || p.status === 'failed';

/**
 * The vehicle's processes as the panel knows them: the exterior answer's (read again while one runs) and the
 * vehicle's own, which the process socket keeps live; for one process, the one further along wins.
 */
export function mergeProcesses(answer: readonly ProcessAnswer[], live: readonly ProcessAnswer[]): ProcessAnswer[] {
  const byId = new Map(answer.map((p) => [p.id, p]));
  for (const p of live) {
    const known = byId.get(p.id);
    if (!known || (ended(p) && !ended(known)) || (!ended(known) && p.progress > known.progress)) byId.set(p.id, p);
  }
  return [...byId.values()];
}

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
  useContentProgress();
  const vehicle = useContent(contentId);
  const setAngle = useSetInitialAngle(contentId);
  const setRow = useSetInitialRow(contentId);
  const removeExtra = useRemoveExtraImages(contentId);
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

  const processes = mergeProcesses(answer.processes, vehicle.data?.processes ?? []);
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

      {processes
        .filter((p) => p.status === 'queued' || p.status === 'running')
        .map((p) => {
          const name = t(`processes.${p.process}`);
          return (
            <Stack key={p.id} gap={4} data-testid={`exterior-process-${p.process}`}>
              <Group justify="space-between">
                <Text size="sm" fw={600}>
                  {name}
                </Text>
                <Text size="sm">{`${p.progress}%`}</Text>
              </Group>
              <Progress value={p.progress} animated aria-label={t('contentsDetail.progressOf', { name })} />
              {p.process === 'exterior_async_upload' ? (
                <Text size="xs" c="gray.7">
                  {t('exterior.spin.mayLeave')}
                </Text>
              ) : null}
            </Stack>
          );
        })}
      {failed.map((p) => (
        <Alert key={p.id} color="red" variant="light" data-testid="exterior-process-failed">
          {t('exterior.process.failed', { name: t(`processes.${p.process}`) })}{' '}
          {processErrorText(p.error ?? '', settings)}
        </Alert>
      ))}

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
          <Group gap="md" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('exterior.initialAngle.label')}
              value={answer.initial_angle}
              onChange={(event) => {
                const angle = event.currentTarget.value as ExteriorAnswer['initial_angle'];
                void run(() => setAngle.mutateAsync(angle), t('exterior.initialAngle.saved'));
              }}
              data={EXTERIOR_ANGLE_IDS.map((id) => ({ value: id, label: t(`exterior.initialAngle.${id}`) }))}
              disabled={readOnly || angleLock.locked || setAngle.isPending}
              w={200}
              data-testid="exterior-initial-angle"
            />
            {groups.length > 1 ? (
              <NativeSelect
                label={t('exterior.initialRow.label')}
                value={String(answer.obvr.initial_row)}
                onChange={(event) => {
                  const row = Number(event.currentTarget.value);
                  void run(() => setRow.mutateAsync(row), t('exterior.initialRow.saved'));
                }}
                data={groups.map((g) => ({
                  value: String(g.group_order),
                  label: t('exterior.rowN', { n: g.group_order }),
                }))}
                disabled={readOnly || rowLock.locked || setRow.isPending}
                w={160}
                data-testid="exterior-initial-row"
              />
            ) : null}
            {hasExtraImages(answer) ? (
              <Button
                type="button"
                variant="default"
                leftSection={<IconWand size={16} aria-hidden />}
                onClick={() => void run(() => removeExtra.mutateAsync(), t('exterior.extra.started'))}
                disabled={readOnly || extraLock.locked}
                loading={removeExtra.isPending}
                data-testid="exterior-remove-extra"
              >
                {t('exterior.extra.remove', { count: answer.extra_images })}
              </Button>
            ) : null}
            <Button
              type="button"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirmDelete(true)}
              disabled={readOnly || locks.deleteRow.locked}
              data-testid="exterior-delete-all"
            >
              {t('exterior.deleteAll.button')}
            </Button>
          </Group>
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="exterior-error">
              {error}
            </Alert>
          ) : null}
          {mainGroup ? <SpinPreview key={mainGroup.group_id} group={mainGroup} /> : null}
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
