import { Alert, Group, NativeSelect, Progress, Stack, Text } from '@mantine/core';
import {
  EXTERIOR_ANGLE_IDS,
  type ExteriorAnswer,
  type ExteriorGroupAnswer,
  type ProcessAnswer,
} from '@spinyard/domain';
import { IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetInitialAngle, useSetInitialRow } from '../../../api/exterior.ts';
import { DeleteButton, ToolButton } from '../../../shared/buttons/ToolButton.tsx';
import { ExtraImagesReview } from '../ai/ExtraImagesReview.tsx';
import type { ControlLock } from './exteriorLocks.ts';
import { processErrorText } from './exteriorText.ts';

/** "Remove extra images" applies: frames past the domain's frame count in a row, or a row not yet part of the spin. */
export function hasExtraImages(answer: Pick<ExteriorAnswer, 'extra_images'>): boolean {
  return answer.extra_images > 0;
}

/** The vehicle's processes running (with their progress) and those that failed, with why. */
export function ProcessLines(props: {
  processes: readonly ProcessAnswer[];
  failed: readonly ProcessAnswer[];
  settings: ExteriorAnswer['settings'];
}) {
  const { processes, failed, settings } = props;
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

export interface SpinSettingsProps {
  contentId: string;
  answer: ExteriorAnswer;
  groups: readonly ExteriorGroupAnswer[];
  readOnly: boolean;
  locks: { angle: ControlLock; row: ControlLock; extra: ControlLock; deleteAll: ControlLock };
  /** The panel's way to run a write: its error under these controls, a notification with `done`. */
  run: (work: () => Promise<unknown>, done: string) => Promise<void>;
  onDeleteAll: () => void;
}

/** The spin's initial angle and row, removing the extra images, and deleting the whole exterior. */
export function SpinSettings({ contentId, answer, groups, readOnly, locks, run, onDeleteAll }: SpinSettingsProps) {
  const { t } = useTranslation();
  const setAngle = useSetInitialAngle(contentId);
  const setRow = useSetInitialRow(contentId);
  const [reviewing, setReviewing] = useState(false);
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('exterior.initialAngle.label')}
        value={answer.initial_angle}
        onChange={(event) => {
          const angle = event.currentTarget.value as ExteriorAnswer['initial_angle'];
          void run(() => setAngle.mutateAsync(angle), t('exterior.initialAngle.saved'));
        }}
        data={EXTERIOR_ANGLE_IDS.map((id) => ({ value: id, label: t(`exterior.initialAngle.${id}`) }))}
        disabled={readOnly || locks.angle.locked || setAngle.isPending}
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
          disabled={readOnly || locks.row.locked || setRow.isPending}
          w={160}
          data-testid="exterior-initial-row"
        />
      ) : null}
      <ToolButton
        icon={IconWand}
        onClick={() => setReviewing(true)}
        disabled={readOnly || locks.extra.locked}
        data-testid="exterior-remove-extra"
      >
        {hasExtraImages(answer)
          ? t('exterior.extra.remove', { count: answer.extra_images })
          : t('aiOptions.extra.open')}
      </ToolButton>
      <ExtraImagesReview
        contentId={contentId}
        opened={reviewing}
        lock={locks.extra}
        onClose={() => setReviewing(false)}
      />
      <DeleteButton
        onClick={onDeleteAll}
        disabled={readOnly || locks.deleteAll.locked}
        data-testid="exterior-delete-all"
      >
        {t('exterior.deleteAll.button')}
      </DeleteButton>
    </Group>
  );
}
