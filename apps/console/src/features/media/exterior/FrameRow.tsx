import { Alert, Badge, Box, Button, Group, Text, Title } from '@mantine/core';
import type { ExteriorAnswer, ExteriorGroupAnswer } from '@spinyard/domain';
import { IconBlur, IconDeviceFloppy } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { useDeleteFrame, useDeleteRow, useSaveFrameOrder } from '../../../api/exterior.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { DeleteButton, ToolButton } from '../../../shared/buttons/ToolButton.tsx';
import { BrowserRefusal } from '../../../shared/media-check/refusalText.ts';
import { WARNING_TEXT } from '../../../shared/theme.ts';
import { DeleteConfirm } from './DeleteConfirm.tsx';
import type { ControlLock } from './exteriorLocks.ts';
import { exteriorErrorText } from './exteriorText.ts';
import { FrameActions } from './FrameActions.tsx';
import { FrameTiles } from './FrameTiles.tsx';
import { type FrameOrder, useFrameOrder } from './useFrameOrder.ts';

// The vehicle detail page shows its media with the same picture.
export { MediaPicture } from './MediaPicture.tsx';

export interface RowLocks {
  reorder: ControlLock;
  deleteFrame: ControlLock;
  deleteRow: ControlLock;
  replace: ControlLock;
  blur: ControlLock;
}

/**
 * One row of the spin: its frames numbered in a responsive grid; a frame is chosen by click or the arrow keys and
 * then moved (buttons, Shift+arrow, or drag and drop), replaced by an image, restored, or deleted. A new order is
 * kept as a draft until "Save order" (POST /exteriorimage/order). Every control is disabled, with the process
 * named, while a process locks it.
 */
export function FrameRow({
  contentId,
  group,
  settings,
  readOnly,
  locks,
  onOpenBlur,
}: {
  contentId: string;
  group: ExteriorGroupAnswer;
  settings: ExteriorAnswer['settings'];
  readOnly: boolean;
  locks: RowLocks;
  onOpenBlur?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const canReorder = !readOnly && !locks.reorder.locked;
  const order = useFrameOrder(group, canReorder);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'frame' | 'row' | null>(null);
  const hintId = useId();
  const headingId = useId();
  const deleteFrame = useDeleteFrame(contentId);
  const deleteRow = useDeleteRow(contentId);

  const { frames, selected } = order;
  const current = frames[selected];
  const rowName = t('exterior.rowN', { n: group.group_order });

  const run = async (work: () => Promise<unknown>, done?: string) => {
    setError(null);
    try {
      await work();
      if (done) notifySuccess(done);
    } catch (cause) {
      if (cause instanceof BrowserRefusal) setError(cause.message);
      else setError(cause instanceof ApiError ? exteriorErrorText(cause, settings) : t('errors.general_error'));
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="exterior-row" data-row={group.group_order}>
      <RowHeader
        group={group}
        name={rowName}
        headingId={headingId}
        readOnly={readOnly}
        locks={locks}
        onOpenBlur={onOpenBlur}
        onDeleteRow={() => setConfirm('row')}
      />
      <Text size="xs" c="gray.7" id={hintId} mb="xs">
        {t('exterior.frames.keyboardHint')}
      </Text>
      {locks.reorder.reason ? (
        <Text size="xs" c={WARNING_TEXT} data-testid="exterior-row-locked">
          {locks.reorder.reason}
        </Text>
      ) : null}
      <FrameTiles
        order={order}
        canReorder={canReorder}
        label={t('exterior.frames.listOf', { row: rowName })}
        hintId={hintId}
      />
      {current ? (
        <FrameActions
          contentId={contentId}
          frame={current}
          index={selected}
          count={frames.length}
          canReorder={canReorder}
          readOnly={readOnly}
          locks={locks}
          dirty={order.dirty}
          onMove={(to) => order.move(selected, to)}
          onDelete={() => setConfirm('frame')}
          run={run}
        />
      ) : null}
      {order.dirty ? (
        <OrderDraft contentId={contentId} group={group} order={order} canReorder={canReorder} run={run} />
      ) : null}
      {error ? (
        <Alert color="red" variant="light" mt="sm" role="alert" data-testid="exterior-row-error">
          {error}
        </Alert>
      ) : null}
      <DeleteConfirm
        opened={confirm !== null}
        title={
          confirm === 'row'
            ? t('exterior.frames.deleteRowTitle', { row: rowName })
            : t('exterior.frames.deleteFrameTitle', { n: selected + 1 })
        }
        text={confirm === 'row' ? t('exterior.frames.deleteRowText') : t('exterior.frames.deleteFrameText')}
        loading={deleteFrame.isPending || deleteRow.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          if (confirm === 'row')
            await run(() => deleteRow.mutateAsync(group.group_id), t('exterior.frames.rowDeleted'));
          else if (current) await run(() => deleteFrame.mutateAsync(current.id), t('exterior.frames.frameDeleted'));
        }}
        testId="exterior-confirm"
      />
    </Box>
  );
}

/** The row's name, frame count and whether it is a temporary row, with opening the blur editor and deleting it. */
function RowHeader(props: {
  group: ExteriorGroupAnswer;
  name: string;
  headingId: string;
  readOnly: boolean;
  locks: RowLocks;
  onOpenBlur?: (() => void) | undefined;
  onDeleteRow: () => void;
}) {
  const { group, readOnly, locks, onOpenBlur } = props;
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
      <Group gap="xs">
        <Title order={3} size="h5" id={props.headingId}>
          {props.name}
        </Title>
        <Badge variant="light" color="gray">
          {t('exterior.frames.count', { count: group.frame_count })}
        </Badge>
        {group.is_temp ? (
          <Badge variant="light" color="orange">
            {t('exterior.frames.temp')}
          </Badge>
        ) : null}
      </Group>
      <Group gap="xs">
        {onOpenBlur ? (
          <ToolButton
            size="compact-sm"
            icon={IconBlur}
            onClick={onOpenBlur}
            disabled={readOnly || locks.blur.locked}
            data-testid="exterior-open-blur"
          >
            {t('exterior.frames.blur')}
          </ToolButton>
        ) : null}
        <DeleteButton
          size="compact-sm"
          onClick={props.onDeleteRow}
          disabled={readOnly || locks.deleteRow.locked}
          data-testid="exterior-delete-row"
        >
          {t('exterior.frames.deleteRow')}
        </DeleteButton>
      </Group>
    </Group>
  );
}

/** A new order not saved yet: save it (POST /exteriorimage/order) or go back to the saved one. */
function OrderDraft(props: {
  contentId: string;
  group: ExteriorGroupAnswer;
  order: FrameOrder;
  canReorder: boolean;
  run: (work: () => Promise<unknown>, done?: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const saveOrder = useSaveFrameOrder(props.contentId);
  const save = () =>
    props.run(
      () => saveOrder.mutateAsync({ group_id: props.group.group_id, sheet_ids: props.order.order }),
      t('exterior.frames.orderSaved'),
    );
  return (
    <Group gap="xs" mt="sm">
      <ToolButton
        tone="filled"
        icon={IconDeviceFloppy}
        onClick={() => void save()}
        loading={saveOrder.isPending}
        disabled={!props.canReorder}
        data-testid="exterior-save-order"
      >
        {t('exterior.frames.saveOrder')}
      </ToolButton>
      <Button type="button" variant="default" onClick={props.order.undo} disabled={saveOrder.isPending}>
        {t('exterior.frames.undoOrder')}
      </Button>
      <Text size="xs" c={WARNING_TEXT} role="status">
        {t('exterior.frames.unsaved')}
      </Text>
    </Group>
  );
}
