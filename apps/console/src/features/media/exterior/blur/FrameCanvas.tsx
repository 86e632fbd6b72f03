import { Box, Text, VisuallyHidden } from '@mantine/core';
import { type BlurBox, type BlurRegion, moveBox, regionBoxAt, resizeBox } from '@spinyard/domain';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boxBetween, boxForEdit, type EditorAction, isKeyFrame, MIN_DRAWN, NUDGE_STEP } from './editorState.ts';
import { type DrawnRegion, RegionShape } from './RegionShapes.tsx';

export interface FrameCanvasProps {
  imageUrl: string;
  width: number;
  height: number;
  frame: number;
  n: number;
  regions: readonly BlurRegion[];
  selected: string | null;
  dispatch: (action: EditorAction) => void;
}

type Drag =
  | { kind: 'draw'; from: { x: number; y: number }; to: { x: number; y: number } }
  | { kind: 'move' | 'resize'; id: string; from: { x: number; y: number }; start: BlurBox; box: BlurBox };

/** The handle's size, as a fraction of the frame's shorter side shown (about 14 px on a phone). */
const HANDLE = 0.035;

/**
 * The frame shown large with its regions over it (an SVG in frame fractions). Pointer: drag on the picture draws a
 * new region; drag a region to move it, its corner handle to resize it, each making a key frame on this frame.
 * Keyboard (the canvas is one focusable control): arrows move the selected region, Shift+arrows resize it, Alt for
 * fine steps, Delete removes it, Page Up / Page Down go to the previous or next frame.
 */
export function FrameCanvas({ imageUrl, width, height, frame, n, regions, selected, dispatch }: FrameCanvasProps) {
  const { t } = useTranslation();
  const svgRef = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const hintId = useId();

  const point = (event: PointerEvent) => {
    const rect = svgRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return { x: 0, y: 0 };
    return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height };
  };

  const selectedRegion = regions.find((r) => r.id === selected);
  const drawn: DrawnRegion[] = [];
  for (const region of regions) {
    const dragged = drag && drag.kind !== 'draw' && drag.id === region.id ? drag.box : null;
    const box = dragged ?? regionBoxAt(region, frame, n);
    const isSelected = region.id === selected;
    if (box)
      drawn.push({
        id: region.id,
        shape: region.shape,
        box,
        key: dragged !== null || isKeyFrame(region, frame),
        selected: isSelected,
      });
    else if (isSelected) {
      const ghost = boxForEdit(region, frame, n);
      if (ghost)
        drawn.push({ id: region.id, shape: region.shape, box: ghost, key: false, selected: true, ghost: true });
    }
  }
  const selectedDrawn = drawn.find((d) => d.selected);
  const aspect = width / height;
  const handleW = HANDLE / Math.max(1, aspect);
  const handleH = HANDLE;

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    const p = point(event);
    const target = event.target as Element;
    const handle = target.closest('[data-handle]');
    const hit = target.closest('[data-region]')?.getAttribute('data-region');
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
    if (handle && selectedDrawn) {
      setDrag({ kind: 'resize', id: selectedDrawn.id, from: p, start: selectedDrawn.box, box: selectedDrawn.box });
      return;
    }
    const region = hit ? drawn.find((d) => d.id === hit) : undefined;
    if (region) {
      dispatch({ type: 'select', id: region.id });
      setDrag({ kind: 'move', id: region.id, from: p, start: region.box, box: region.box });
      return;
    }
    setDrag({ kind: 'draw', from: p, to: p });
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    const p = point(event);
    if (drag.kind === 'draw') setDrag({ ...drag, to: p });
    else {
      const dx = p.x - drag.from.x;
      const dy = p.y - drag.from.y;
      setDrag({ ...drag, box: drag.kind === 'move' ? moveBox(drag.start, dx, dy) : resizeBox(drag.start, dx, dy) });
    }
  };

  const onPointerUp = () => {
    if (!drag) return;
    if (drag.kind === 'draw') {
      const box = boxBetween(drag.from, drag.to);
      if (box.w >= MIN_DRAWN && box.h >= MIN_DRAWN) dispatch({ type: 'draw', box });
    } else if (drag.box !== drag.start) dispatch({ type: 'place', id: drag.id, box: drag.box });
    setDrag(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.altKey ? NUDGE_STEP / 10 : NUDGE_STEP;
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const arrow = arrows[event.key];
    let handled = true;
    if (arrow) dispatch({ type: 'nudge', dx: arrow[0], dy: arrow[1], resize: event.shiftKey });
    else if ((event.key === 'Delete' || event.key === 'Backspace') && selected)
      dispatch({ type: 'remove', id: selected });
    else if (event.key === 'PageUp') dispatch({ type: 'goto', frame: frame - 1 });
    else if (event.key === 'PageDown') dispatch({ type: 'goto', frame: frame + 1 });
    else handled = false;
    if (handled) {
      // Inside the wizard's form: nothing here may reach its key handling.
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const draft = drag?.kind === 'draw' ? boxBetween(drag.from, drag.to) : null;
  const selectedIndex = regions.findIndex((r) => r.id === selected);
  const status = selectedRegion
    ? t('exteriorBlur.canvas.selected', { n: selectedIndex + 1, frame: frame + 1 })
    : t('exteriorBlur.canvas.noneSelected');

  return (
    <Box>
      <div
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a drawing surface (role application) operated by its keys
        tabIndex={0}
        aria-label={t('exteriorBlur.canvas.label', { frame: frame + 1, count: n })}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        data-testid="blur-canvas"
        style={{
          position: 'relative',
          width: '100%',
          aspectRatio: `${width} / ${height}`,
          background: 'var(--mantine-color-dark-7)',
          borderRadius: 'var(--mantine-radius-sm)',
          overflow: 'hidden',
          outlineOffset: 2,
        }}
      >
        <img
          src={imageUrl}
          alt=""
          draggable={false}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'fill',
            userSelect: 'none',
          }}
        />
        <svg
          ref={svgRef}
          viewBox="0 0 1 1"
          preserveAspectRatio="none"
          aria-hidden="true"
          data-testid="blur-canvas-svg"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDrag(null)}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            touchAction: 'none',
            cursor: 'crosshair',
          }}
        >
          {drawn.map((region) => (
            <RegionShape key={region.id} region={region} />
          ))}
          {selectedDrawn && !selectedDrawn.ghost ? (
            <rect
              data-handle="resize"
              x={selectedDrawn.box.x + selectedDrawn.box.w - handleW / 2}
              y={selectedDrawn.box.y + selectedDrawn.box.h - handleH / 2}
              width={handleW}
              height={handleH}
              fill="#ffd43b"
              stroke="#000000"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
              style={{ cursor: 'nwse-resize' }}
            />
          ) : null}
          {draft ? (
            <rect
              x={draft.x}
              y={draft.y}
              width={draft.w}
              height={draft.h}
              fill="rgba(255, 212, 59, 0.2)"
              stroke="#ffd43b"
              strokeWidth={2}
              strokeDasharray="4 3"
              vectorEffect="non-scaling-stroke"
            />
          ) : null}
        </svg>
      </div>
      <Text size="xs" c="dimmed" mt={4} id={hintId}>
        {t('exteriorBlur.canvas.hint')}
      </Text>
      <VisuallyHidden aria-live="polite">{status}</VisuallyHidden>
    </Box>
  );
}
