import { Alert, Badge, Box, Button, Group, Text, Title } from '@mantine/core';
import type { ExteriorAnswer, ExteriorFrameAnswer, ExteriorGroupAnswer, MediaImageAnswer } from '@spinyard/domain';
import { IconBlur, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { useDeleteFrame, useDeleteRow, useSaveFrameOrder } from '../../../api/exterior.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { WARNING_TEXT } from '../../../shared/theme.ts';
import { DeleteConfirm } from './DeleteConfirm.tsx';
import type { ControlLock } from './exteriorLocks.ts';
import { exteriorErrorText } from './exteriorText.ts';
import { FrameActions } from './FrameActions.tsx';

/** The frames of a row in a new order: the one at `from` taken out and put at `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

/** A stored image at one size: WebP for browsers that read it, the JPEG otherwise. */
export function MediaPicture({
  image,
  size,
  alt,
  style,
}: {
  image: MediaImageAnswer;
  size: string;
  alt: string;
  style?: React.CSSProperties;
}) {
  const rendition = image.renditions[size] ?? image.renditions.display ?? Object.values(image.renditions)[0];
  if (!rendition) return null;
  return (
    <picture>
      <source srcSet={rendition.webp} type="image/webp" />
      <img
        src={rendition.jpeg}
        alt={alt}
        width={rendition.width}
        height={rendition.height}
        loading="lazy"
        draggable={false}
        style={{ display: 'block', width: '100%', height: 'auto', ...style }}
      />
    </picture>
  );
}

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
  const byId = new Map(group.sheets.map((s) => [s.id, s]));
  const serverOrder = group.sheets.map((s) => s.id);
  const serverKey = serverOrder.join(',');
  const [order, setOrder] = useState<string[]>(serverOrder);
  const [selected, setSelected] = useState(0);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'frame' | 'row' | null>(null);
  const tiles = useRef<(HTMLButtonElement | null)[]>([]);
  const focusNext = useRef(false);
  const hintId = useId();
  const headingId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft follows the server whenever its order changes
  useEffect(() => {
    setOrder(serverKey === '' ? [] : serverKey.split(','));
    setSelected((s) => Math.min(s, Math.max(group.sheets.length - 1, 0)));
  }, [serverKey]);

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    tiles.current[selected]?.focus();
  });

  const saveOrder = useSaveFrameOrder(contentId);
  const deleteFrame = useDeleteFrame(contentId);
  const deleteRow = useDeleteRow(contentId);

  const frames = order.map((id) => byId.get(id)).filter((f): f is ExteriorFrameAnswer => f !== undefined);
  const dirty = order.join(',') !== serverKey;
  const current = frames[selected];
  const canReorder = !readOnly && !locks.reorder.locked;
  const rowName = t('exterior.rowN', { n: group.group_order });

  const fail = (cause: unknown) =>
    setError(cause instanceof ApiError ? exteriorErrorText(cause, settings) : t('errors.general_error'));

  const run = async (work: () => Promise<unknown>, done?: string) => {
    setError(null);
    try {
      await work();
      if (done) notifySuccess(done);
    } catch (cause) {
      fail(cause);
    }
  };

  const move = (from: number, to: number) => {
    if (!canReorder || to < 0 || to >= order.length) return;
    setOrder((o) => moved(o, from, to));
    setSelected(to);
    focusNext.current = true;
  };

  const onTileKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step =
      event.key === 'ArrowLeft' || event.key === 'ArrowUp'
        ? -1
        : event.key === 'ArrowRight' || event.key === 'ArrowDown'
          ? 1
          : 0;
    if (step !== 0) {
      event.preventDefault();
      if (event.shiftKey) move(index, index + step);
      else if (index + step >= 0 && index + step < frames.length) {
        setSelected(index + step);
        focusNext.current = true;
      }
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setSelected(event.key === 'Home' ? 0 : frames.length - 1);
      focusNext.current = true;
    }
  };

  const lockNote = (lock: ControlLock): ReactNode =>
    lock.reason ? (
      <Text size="xs" c={WARNING_TEXT} data-testid="exterior-row-locked">
        {lock.reason}
      </Text>
    ) : null;

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="exterior-row" data-row={group.group_order}>
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Group gap="xs">
          <Title order={3} size="h5" id={headingId}>
            {rowName}
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
            <Button
              type="button"
              size="compact-sm"
              variant="default"
              leftSection={<IconBlur size={14} aria-hidden />}
              onClick={onOpenBlur}
              disabled={readOnly || locks.blur.locked}
              data-testid="exterior-open-blur"
            >
              {t('exterior.frames.blur')}
            </Button>
          ) : null}
          <Button
            type="button"
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setConfirm('row')}
            disabled={readOnly || locks.deleteRow.locked}
            data-testid="exterior-delete-row"
          >
            {t('exterior.frames.deleteRow')}
          </Button>
        </Group>
      </Group>

      <Text size="xs" c="gray.7" id={hintId} mb="xs">
        {t('exterior.frames.keyboardHint')}
      </Text>
      {lockNote(locks.reorder)}
      <Box
        component="ul"
        p={0}
        m={0}
        aria-label={t('exterior.frames.listOf', { row: rowName })}
        style={{
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))',
          gap: 8,
        }}
        data-testid="exterior-frames"
      >
        {frames.map((frame, index) => {
          const isSelected = index === selected;
          return (
            <li
              key={frame.id}
              draggable={canReorder}
              onDragStart={(event) => {
                setDragFrom(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', frame.id);
              }}
              onDragOver={(event) => {
                if (dragFrom !== null) event.preventDefault();
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragFrom !== null) move(dragFrom, index);
                setDragFrom(null);
              }}
              onDragEnd={() => setDragFrom(null)}
              data-testid="exterior-frame"
              data-frame-id={frame.id}
            >
              <button
                type="button"
                ref={(el) => {
                  tiles.current[index] = el;
                }}
                tabIndex={isSelected ? 0 : -1}
                aria-pressed={isSelected}
                aria-label={t('exterior.frames.frameN', { n: index + 1, total: frames.length })}
                aria-describedby={hintId}
                onClick={() => setSelected(index)}
                onKeyDown={(event) => onTileKey(event, index)}
                style={{
                  display: 'block',
                  width: '100%',
                  padding: 2,
                  border: `2px solid var(--mantine-color-${isSelected ? 'blue-6' : dragFrom === index ? 'gray-5' : 'gray-3'})`,
                  borderRadius: 6,
                  background: 'var(--mantine-color-body)',
                  cursor: canReorder ? 'grab' : 'pointer',
                  position: 'relative',
                  opacity: dragFrom === index ? 0.5 : 1,
                }}
              >
                <MediaPicture image={frame.image} size="thumbnail" alt="" style={{ borderRadius: 4 }} />
                <Text
                  size="xs"
                  fw={700}
                  component="span"
                  style={{
                    position: 'absolute',
                    top: 4,
                    left: 4,
                    background: 'rgba(0,0,0,0.7)',
                    color: 'white',
                    borderRadius: 4,
                    padding: '0 4px',
                  }}
                  data-testid="exterior-frame-number"
                >
                  {index + 1}
                </Text>
                {frame.edit_kind ? (
                  <Text
                    size="xs"
                    component="span"
                    style={{
                      position: 'absolute',
                      bottom: 4,
                      right: 4,
                      background: 'var(--mantine-color-grape-8)',
                      color: 'white',
                      borderRadius: 4,
                      padding: '0 4px',
                    }}
                  >
                    {t(`exterior.frames.edited.${frame.edit_kind}`)}
                  </Text>
                ) : null}
              </button>
            </li>
          );
        })}
      </Box>

      {current ? (
        <FrameActions
          contentId={contentId}
          frame={current}
          index={selected}
          count={frames.length}
          canReorder={canReorder}
          readOnly={readOnly}
          locks={locks}
          dirty={dirty}
          onMove={(to) => move(selected, to)}
          onDelete={() => setConfirm('frame')}
          run={run}
        />
      ) : null}

      {dirty ? (
        <Group gap="xs" mt="sm">
          <Button
            type="button"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() =>
              void run(
                () => saveOrder.mutateAsync({ group_id: group.group_id, sheet_ids: order }),
                t('exterior.frames.orderSaved'),
              )
            }
            loading={saveOrder.isPending}
            disabled={!canReorder}
            data-testid="exterior-save-order"
          >
            {t('exterior.frames.saveOrder')}
          </Button>
          <Button type="button" variant="default" onClick={() => setOrder(serverOrder)} disabled={saveOrder.isPending}>
            {t('exterior.frames.undoOrder')}
          </Button>
          <Text size="xs" c={WARNING_TEXT} role="status">
            {t('exterior.frames.unsaved')}
          </Text>
        </Group>
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
