import { Box, Text } from '@mantine/core';
import type { ExteriorFrameAnswer } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { MediaPicture } from './MediaPicture.tsx';
import type { FrameOrder } from './useFrameOrder.ts';

/** The data type a frame's drag carries (its id): other drags (files, text) are not taken as a reorder. */
const FRAME_DRAG_TYPE = 'application/x-spinyard-frame';

const badge = { position: 'absolute', color: 'white', borderRadius: 4, padding: '0 4px' } as const;

/**
 * The row's frames numbered in a responsive grid, in the draft order: one tab stop (the chosen frame), dragged and
 * dropped to reorder while reordering is allowed.
 */
export function FrameTiles(props: { order: FrameOrder; canReorder: boolean; label: string; hintId: string }) {
  const { order, canReorder } = props;
  const { frames, setDragFrom } = order;
  return (
    <Box
      component="ul"
      p={0}
      m={0}
      aria-label={props.label}
      style={{
        listStyle: 'none',
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))',
        gap: 8,
      }}
      data-testid="exterior-frames"
    >
      {frames.map((frame, index) => (
        <li
          key={frame.id}
          draggable={canReorder}
          onDragStart={(event) => {
            setDragFrom(index);
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData(FRAME_DRAG_TYPE, frame.id);
          }}
          // The drag is recognised by its data, not by the state its start set: a dragover may come before React
          // has drawn that state (a busy phone), and a drop not allowed then is a drag lost.
          onDragOver={(event) => {
            if (canReorder && event.dataTransfer.types.includes(FRAME_DRAG_TYPE)) event.preventDefault();
          }}
          onDrop={(event) => {
            event.preventDefault();
            const from = frames.findIndex((f) => f.id === event.dataTransfer.getData(FRAME_DRAG_TYPE));
            if (from >= 0) order.move(from, index);
            setDragFrom(null);
          }}
          onDragEnd={() => setDragFrom(null)}
          data-testid="exterior-frame"
          data-frame-id={frame.id}
        >
          <FrameTile frame={frame} index={index} order={order} canReorder={canReorder} hintId={props.hintId} />
        </li>
      ))}
    </Box>
  );
}

function FrameTile(props: {
  frame: ExteriorFrameAnswer;
  index: number;
  order: FrameOrder;
  canReorder: boolean;
  hintId: string;
}) {
  const { frame, index, order } = props;
  const { t } = useTranslation();
  const isSelected = index === order.selected;
  const dragged = order.dragFrom === index;
  return (
    <button
      type="button"
      ref={(el) => {
        order.tiles.current[index] = el;
      }}
      tabIndex={isSelected ? 0 : -1}
      aria-pressed={isSelected}
      aria-label={t('exterior.frames.frameN', { n: index + 1, total: order.frames.length })}
      aria-describedby={props.hintId}
      onClick={() => order.setSelected(index)}
      onKeyDown={(event) => order.onTileKey(event, index)}
      style={{
        display: 'block',
        width: '100%',
        padding: 2,
        border: `2px solid var(--mantine-color-${isSelected ? 'blue-6' : dragged ? 'gray-5' : 'gray-3'})`,
        borderRadius: 6,
        background: 'var(--mantine-color-body)',
        cursor: props.canReorder ? 'grab' : 'pointer',
        position: 'relative',
        opacity: dragged ? 0.5 : 1,
      }}
    >
      <MediaPicture image={frame.image} size="thumbnail" alt="" style={{ borderRadius: 4 }} />
      <Text
        size="xs"
        fw={700}
        component="span"
        style={{ ...badge, top: 4, left: 4, background: 'rgba(0,0,0,0.7)' }}
        data-testid="exterior-frame-number"
      >
        {index + 1}
      </Text>
      {frame.edit_kind ? (
        <Text
          size="xs"
          component="span"
          style={{ ...badge, bottom: 4, right: 4, background: 'var(--mantine-color-grape-8)' }}
        >
          {t(`exterior.frames.edited.${frame.edit_kind}`)}
        </Text>
      ) : null}
    </button>
  );
}
