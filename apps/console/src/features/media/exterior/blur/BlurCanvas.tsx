import { type BlurBox, type BlurRegion, moveBox, regionBoxAt, resizeBox } from '@spinyard/domain';
import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FrameStage } from '../../../../shared/frames/FrameStage.tsx';
import { pointIn, stageKeyHandler } from '../../../../shared/frames/frameKeys.ts';
import classes from '../../../../shared/frames/frames.module.css';
import { boxBetween, boxForEdit, type EditorAction, isKeyFrame, MIN_DRAWN } from './editorState.ts';
import { type DrawnRegion, RegionShape } from './RegionShapes.tsx';

export interface BlurCanvasProps {
  imageUrl: string;
  width: number;
  height: number;
  frame: number;
  n: number;
  regions: readonly BlurRegion[];
  selected: string | null;
  dispatch: (action: EditorAction) => void;
}

type Point = { x: number; y: number };
type Drag =
  | { kind: 'draw'; from: Point; to: Point }
  | { kind: 'move' | 'resize'; id: string; from: Point; start: BlurBox; box: BlurBox };

/** The handle's size, as a fraction of the frame's shorter side shown (about 14 px on a phone). */
const HANDLE = 0.035;

/** The regions as drawn on `frame`: the dragged one where the drag has it, the selected one as a ghost if absent. */
function drawnRegions(props: BlurCanvasProps, drag: Drag | null): DrawnRegion[] {
  const { regions, frame, n, selected } = props;
  return regions.flatMap((region): DrawnRegion[] => {
    const dragged = drag && drag.kind !== 'draw' && drag.id === region.id ? drag.box : null;
    const box = dragged ?? regionBoxAt(region, frame, n);
    const base = { id: region.id, shape: region.shape, selected: region.id === selected };
    if (box) return [{ ...base, box, key: dragged !== null || isKeyFrame(region, frame) }];
    const ghost = base.selected ? boxForEdit(region, frame, n) : null;
    return ghost ? [{ ...base, box: ghost, key: false, ghost: true }] : [];
  });
}

/**
 * The pointer on the canvas: drag on the picture draws a new region; drag a region to move it, its corner handle
 * to resize it, each making a key frame on this frame.
 */
function useRegionDrag(props: BlurCanvasProps) {
  const { dispatch } = props;
  const svgRef = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const drawn = drawnRegions(props, drag);
  const selectedDrawn = drawn.find((d) => d.selected);

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    const p = pointIn(svgRef.current, event);
    const target = event.target as Element;
    const hit = target.closest('[data-region]')?.getAttribute('data-region');
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
    if (target.closest('[data-handle]') && selectedDrawn) {
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
    const p = pointIn(svgRef.current, event);
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

  const handlers = { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: () => setDrag(null) };
  return { svgRef, drag, drawn, handlers };
}

/**
 * The frame shown large with its regions over it (an SVG in frame fractions). Keyboard (the canvas is one
 * focusable control): arrows move the selected region, Shift+arrows resize it, Alt for fine steps, Delete removes
 * it, Page Up / Page Down go to the previous or next frame.
 */
export function BlurCanvas(props: BlurCanvasProps) {
  const { width, height, frame, n, regions, selected, dispatch } = props;
  const { t } = useTranslation();
  const { svgRef, drag, drawn, handlers } = useRegionDrag(props);
  const selectedDrawn = drawn.find((d) => d.selected);
  const handleW = HANDLE / Math.max(1, width / height);

  const onKeyDown = stageKeyHandler((key) => {
    if (key.kind === 'nudge') dispatch({ type: 'nudge', dx: key.dx, dy: key.dy, resize: key.shift });
    else if (key.kind === 'step') dispatch({ type: 'goto', frame: frame + key.by });
    else if (selected) dispatch({ type: 'remove', id: selected });
    else return false;
    return true;
  });

  const draft = drag?.kind === 'draw' ? boxBetween(drag.from, drag.to) : null;
  const selectedIndex = regions.findIndex((r) => r.id === selected);
  const status =
    selectedIndex >= 0
      ? t('exteriorBlur.canvas.selected', { n: selectedIndex + 1, frame: frame + 1 })
      : t('exteriorBlur.canvas.noneSelected');

  return (
    <FrameStage
      imageUrl={props.imageUrl}
      width={width}
      height={height}
      label={t('exteriorBlur.canvas.label', { frame: frame + 1, count: n })}
      hint={t('exteriorBlur.canvas.hint')}
      status={status}
      onKeyDown={onKeyDown}
      data-testid="blur-canvas"
    >
      <svg
        ref={svgRef}
        viewBox="0 0 1 1"
        preserveAspectRatio="none"
        aria-hidden="true"
        data-testid="blur-canvas-svg"
        className={classes.overlay}
        {...handlers}
      >
        {drawn.map((region) => (
          <RegionShape key={region.id} region={region} />
        ))}
        {selectedDrawn && !selectedDrawn.ghost ? (
          <rect
            data-handle="resize"
            x={selectedDrawn.box.x + selectedDrawn.box.w - handleW / 2}
            y={selectedDrawn.box.y + selectedDrawn.box.h - HANDLE / 2}
            width={handleW}
            height={HANDLE}
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
    </FrameStage>
  );
}
