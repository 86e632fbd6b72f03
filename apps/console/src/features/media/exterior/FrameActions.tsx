import { Group, Stack, Text } from '@mantine/core';
import { type ExteriorFrameAnswer, REPLACE_IMAGE_MAX_BYTES } from '@spinyard/domain';
import { IconArrowBackUp, IconArrowLeft, IconArrowRight, IconPhotoEdit } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useReplaceFrame, useRestoreFrame } from '../../../api/exterior.ts';
import { DeleteButton, ToolButton } from '../../../shared/buttons/ToolButton.tsx';
import { checkUpload } from '../../../shared/media-check/checkUpload.ts';
import { BrowserRefusal, mediaRefusalText } from '../../../shared/media-check/refusalText.ts';
import type { ControlLock } from './exteriorLocks.ts';

/** Moving the chosen frame one place left or right; `end` is the index it cannot move past. */
const MOVES = [
  { step: -1, icon: IconArrowLeft, end: () => 0, testId: 'exterior-move-left', label: 'exterior.frames.moveLeft' },
  {
    step: 1,
    icon: IconArrowRight,
    end: (count: number) => count - 1,
    testId: 'exterior-move-right',
    label: 'exterior.frames.moveRight',
  },
] as const;

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
        {MOVES.map((move) => (
          <ToolButton
            key={move.step}
            size="compact-sm"
            icon={move.icon}
            onClick={() => onMove(index + move.step)}
            disabled={!canReorder || index === move.end(count)}
            data-testid={move.testId}
          >
            {t(move.label)}
          </ToolButton>
        ))}
        <ToolButton
          size="compact-sm"
          icon={IconPhotoEdit}
          onClick={() => fileRef.current?.click()}
          disabled={readOnly || locks.replace.locked || dirty}
          loading={replace.isPending}
          data-testid="exterior-replace"
        >
          {t('exterior.frames.replace')}
        </ToolButton>
        {frame.edit_kind ? (
          <ToolButton
            size="compact-sm"
            icon={IconArrowBackUp}
            onClick={() => void run(() => restore.mutateAsync(frame.id), t('exterior.frames.restored'))}
            disabled={readOnly || locks.replace.locked || dirty}
            loading={restore.isPending}
            data-testid="exterior-restore"
          >
            {t('exterior.frames.restore')}
          </ToolButton>
        ) : null}
        <DeleteButton
          size="compact-sm"
          onClick={onDelete}
          disabled={readOnly || locks.deleteFrame.locked || dirty}
          data-testid="exterior-delete-frame"
        >
          {t('exterior.frames.deleteFrame')}
        </DeleteButton>
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
              async () => {
                // The server's rule first, in the browser (type, size, fitting the replacement box): not sent.
                const refused = await checkUpload(file, {
                  kind: 'replacement_image',
                  maxBytes: REPLACE_IMAGE_MAX_BYTES,
                });
                if (refused) throw new BrowserRefusal(mediaRefusalText(refused, t('exterior.frames.replace'), file));
                return replace.mutateAsync({ frameId: frame.id, file });
              },
              t('exterior.frames.replaced', { n: index + 1 }),
            );
          }
        }}
      />
    </Stack>
  );
}
