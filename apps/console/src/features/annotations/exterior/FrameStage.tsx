import { Text, VisuallyHidden } from '@mantine/core';
import { type HotspotAnswer, type HotspotKeyFrame, hotspotPositionAt } from '@spinyard/domain';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Annotator.module.css';
import { isKeyFrame, NUDGE_STEP } from './keyFrames.ts';

export interface FrameStageProps {
  imageUrl: string;
  width: number;
  height: number;
  frame: number;
  n: number;
  /** The row's saved hotspots (the selected one is drawn from `keys` instead). */
  hotspots: readonly HotspotAnswer[];
  selectedId: string | null;
  /** The selected hotspot's key frames as edited (a new hotspot's too), or null when none is selected. */
  keys: readonly HotspotKeyFrame[] | null;
  onFrame: (frame: number) => void;
  onSelect: (id: string) => void;
  /** A point placed (click) or dropped (drag) on this frame for the selected hotspot. */
  onPlace: (point: { x: number; y: number }) => void;
  onNudge: (dx: number, dy: number) => void;
  onRemoveKey: () => void;
}

type Drag =
  | { kind: 'move'; pointerId: number; point: { x: number; y: number } }
  | { kind: 'scrub'; pointerId: number; startX: number; startFrame: number; moved: boolean };

/** Pixels of horizontal drag per frame when scrubbing through the spin. */
const SCRUB_PX = 12;

/**
 * One frame of the row, large, with the hotspots that are visible on it. Pointer: drag the selected hotspot's marker
 * to move it (a key frame on this frame); click on the picture to place it there; drag across the picture to turn
 * the spin. Keyboard (the stage is one focusable control): arrows move the selected point (Alt for fine steps),
 * Delete removes this frame's key, Page Up / Page Down or , and . go to the previous or next frame.
 */
export function FrameStage(props: FrameStageProps) {
  const { imageUrl, width, height, frame, n, hotspots, selectedId, keys, onFrame, onSelect, onPlace } = props;
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const hintId = useId();

  const pointOf = (event: PointerEvent) => {
    const rect = ref.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return { x: 0, y: 0 };
    return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height };
  };

  const selectedPoint = keys ? hotspotPositionAt(keys, frame, n) : null;
  const others = hotspots
    .filter((h) => h.id !== selectedId && h.exterior)
    .map((h, i) => ({ h, i, p: hotspotPositionAt(h.exterior?.key_frames ?? [], frame, n) }))
    .filter((o) => o.p !== null);
  const numberOf = (id: string | null) => hotspots.findIndex((h) => h.id === id) + 1;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const target = (event.target as Element).closest('[data-hotspot]');
    const id = target?.getAttribute('data-hotspot');
    event.currentTarget.setPointerCapture(event.pointerId);
    ref.current?.focus();
    if (id && id === (selectedId ?? 'new')) {
      setDrag({ kind: 'move', pointerId: event.pointerId, point: pointOf(event) });
    } else if (id) {
      onSelect(id);
    } else {
      setDrag({ kind: 'scrub', pointerId: event.pointerId, startX: event.clientX, startFrame: frame, moved: false });
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    if (drag.kind === 'move') {
      setDrag({ ...drag, point: pointOf(event) });
      return;
    }
    const steps = Math.trunc((event.clientX - drag.startX) / SCRUB_PX);
    if (steps !== 0 || drag.moved) {
      // Dragging right turns the car as the viewer does: to the previous frames.
      onFrame((((drag.startFrame - steps) % n) + n) % n);
      if (!drag.moved) setDrag({ ...drag, moved: true });
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    if (drag.kind === 'move') onPlace(drag.point);
    else if (!drag.moved && keys) onPlace(pointOf(event));
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
    if (arrow && keys) props.onNudge(arrow[0], arrow[1]);
    else if ((event.key === 'Delete' || event.key === 'Backspace') && keys) props.onRemoveKey();
    else if (event.key === 'PageUp' || event.key === ',') onFrame((frame - 1 + n) % n);
    else if (event.key === 'PageDown' || event.key === '.') onFrame((frame + 1) % n);
    else handled = false;
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const shown = drag?.kind === 'move' ? drag.point : selectedPoint;
  const key = keys ? isKeyFrame(keys, frame) || drag?.kind === 'move' : false;
  const status = !keys
    ? t('annotations.stage.noneSelected')
    : shown
      ? t(key ? 'annotations.stage.onKey' : 'annotations.stage.interpolated', {
          frame: frame + 1,
          x: Math.round((shown.x ?? 0) * 100),
          y: Math.round((shown.y ?? 0) * 100),
        })
      : t('annotations.stage.notVisible', { frame: frame + 1 });

  return (
    <div>
      <div
        ref={ref}
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a placing surface (role application) operated by its keys
        tabIndex={0}
        aria-label={t('annotations.stage.label', { frame: frame + 1, count: n })}
        aria-describedby={hintId}
        className={classes.stage}
        style={{ aspectRatio: `${width} / ${height}` }}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(null)}
        data-testid="annotation-stage"
        data-frame={frame}
      >
        <img src={imageUrl} alt="" draggable={false} className={classes.picture} />
        {others.map(({ h, p }) => (
          <div
            key={h.id}
            aria-hidden="true"
            className={classes.marker}
            data-hotspot={h.id}
            style={{ left: `${(p?.x ?? 0) * 100}%`, top: `${(p?.y ?? 0) * 100}%` }}
          >
            {numberOf(h.id)}
          </div>
        ))}
        {keys && shown ? (
          <div
            aria-hidden="true"
            className={classes.marker}
            data-hotspot={selectedId ?? 'new'}
            data-selected="true"
            data-key={key ? 'true' : 'false'}
            data-testid="annotation-selected-marker"
            data-x={shown.x.toFixed(4)}
            data-y={shown.y.toFixed(4)}
            style={{ left: `${shown.x * 100}%`, top: `${shown.y * 100}%` }}
          >
            {selectedId ? numberOf(selectedId) : '+'}
          </div>
        ) : null}
      </div>
      <Text size="xs" c="gray.7" mt={4} id={hintId}>
        {t(keys ? 'annotations.stage.hint' : 'annotations.stage.hintNone')}
      </Text>
      <VisuallyHidden aria-live="polite">{status}</VisuallyHidden>
      <Text size="sm" fw={600} mt={4} data-testid="annotation-stage-status">
        {status}
      </Text>
    </div>
  );
}
