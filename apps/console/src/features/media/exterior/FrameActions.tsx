import { Button, Group, Stack, Text } from '@mantine/core';
import type { ExteriorFrameAnswer } from '@spinyard/domain';
import { IconArrowBackUp, IconArrowLeft, IconArrowRight, IconPhotoEdit, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useReplaceFrame, useRestoreFrame } from '../../../api/exterior.ts';
import type { ControlLock } from './exteriorLocks.ts';

/**
 * The actions on a row's chosen frame: move it left or right (kept in the row's draft order), replace it by an
 * image, restore its original, or ask to delete it. Replace, restore and delete wait while the order is unsaved,
 * since the server knows the frames by the saved order.
 */
export function FrameActions({
  contentId,
  frame,
  index,
  count,
  canReorder,
  readOnly,
  locks,
  dirty,
  onMove,
  onDelete,
  run,
}: {
  contentId: string;
  frame: ExteriorFrameAnswer;
  /** The frame's place in the row's draft order, 0-based. */
  index: number;
  count: number;
  canReorder: boolean;
  readOnly: boolean;
  locks: { replace: ControlLock; deleteFrame: ControlLock };
  dirty: boolean;
  onMove: (to: number) => void;
  onDelete: () => void;
  /** The row's way to run a write: its error under the row, a notification with `done` when it succeeds. */
  run: (work: () => Promise<unknown>, done?: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const replace = useReplaceFrame(contentId);
  const restore = useRestoreFrame(contentId);
  const fileRef = useRef<HTMLInputElement>(null);

  return (
    <Stack gap={6} mt="sm">
      <Group gap="xs" wrap="wrap" data-testid="exterior-frame-tools">
        <Text size="sm" fw={600}>
          {t('exterior.frames.selected', { n: index + 1 })}
        </Text>
        <Button
          type="button"
          size="compact-sm"
          variant="default"
          leftSection={<IconArrowLeft size={14} aria-hidden />}
          onClick={() => onMove(index - 1)}
          disabled={!canReorder || index === 0}
          data-testid="exterior-move-left"
        >
          {t('exterior.frames.moveLeft')}
        </Button>
        <Button
          type="button"
          size="compact-sm"
          variant="default"
          leftSection={<IconArrowRight size={14} aria-hidden />}
          onClick={() => onMove(index + 1)}
          disabled={!canReorder || index === count - 1}
          data-testid="exterior-move-right"
        >
          {t('exterior.frames.moveRight')}
        </Button>
        <Button
          type="button"
          size="compact-sm"
          variant="default"
          leftSection={<IconPhotoEdit size={14} aria-hidden />}
          onClick={() => fileRef.current?.click()}
          disabled={readOnly || locks.replace.locked || dirty}
          loading={replace.isPending}
          data-testid="exterior-replace"
        >
          {t('exterior.frames.replace')}
        </Button>
        {frame.edit_kind ? (
          <Button
            type="button"
            size="compact-sm"
            variant="default"
            leftSection={<IconArrowBackUp size={14} aria-hidden />}
            onClick={() => void run(() => restore.mutateAsync(frame.id), t('exterior.frames.restored'))}
            disabled={readOnly || locks.replace.locked || dirty}
            loading={restore.isPending}
            data-testid="exterior-restore"
          >
            {t('exterior.frames.restore')}
          </Button>
        ) : null}
        <Button
          type="button"
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={onDelete}
          disabled={readOnly || locks.deleteFrame.locked || dirty}
          data-testid="exterior-delete-frame"
        >
          {t('exterior.frames.deleteFrame')}
        </Button>
      </Group>
      <Text size="xs" c="gray.7">
        {t('exterior.frames.replaceHint')}
      </Text>
      <input
        ref={fileRef}
        type="file"
        accept="image/jpeg,image/png"
        hidden
        data-testid="exterior-replace-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) {
            void run(
              () => replace.mutateAsync({ frameId: frame.id, file }),
              t('exterior.frames.replaced', { n: index + 1 }),
            );
          }
        }}
      />
    </Stack>
  );
}
