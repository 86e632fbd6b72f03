import { Box, Slider, Stack, Text } from '@mantine/core';
import type { ExteriorGroupAnswer } from '@spinyard/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPicture } from './MediaPicture.tsx';

/** Pixels of drag per frame: a full drag across a phone screen turns the car about once. */
const PX_PER_FRAME = 10;

/**
 * A small spin of one row as the buyer will turn it: drag (mouse or finger) to turn, or the slider (arrow keys).
 * Shows the display size; the frames are the ones saved, so a reorder shows here once saved.
 */
export function SpinPreview({ group }: { group: ExteriorGroupAnswer }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const drag = useRef<{ x: number; start: number } | null>(null);
  const count = group.sheets.length;
  if (count === 0) return null;
  const shown = Math.min(index, count - 1);
  const frame = group.sheets[shown];
  const wrap = (i: number) => ((i % count) + count) % count;

  return (
    <Stack gap={6} maw={420} data-testid="exterior-preview">
      <Text size="sm" fw={600}>
        {t('exterior.preview.title', { row: group.group_order })}
      </Text>
      <Box
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          drag.current = { x: event.clientX, start: shown };
        }}
        onPointerMove={(event) => {
          if (!drag.current) return;
          const frames = Math.round((drag.current.x - event.clientX) / PX_PER_FRAME);
          setIndex(wrap(drag.current.start + frames));
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
        style={{ cursor: 'ew-resize', touchAction: 'pan-y', userSelect: 'none', borderRadius: 8, overflow: 'hidden' }}
      >
        {frame ? (
          <MediaPicture
            image={frame.image}
            size="display"
            alt={t('exterior.preview.frameAlt', { n: shown + 1, total: count })}
          />
        ) : null}
      </Box>
      <Slider
        min={1}
        max={count}
        step={1}
        value={shown + 1}
        onChange={(v) => setIndex(v - 1)}
        label={(v) => `${v} / ${count}`}
        thumbLabel={t('exterior.preview.slider')}
      />
    </Stack>
  );
}
