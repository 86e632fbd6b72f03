import { type HotspotAnswer, type HotspotKeyFrame, hotspotPositionAt } from '@spinyard/domain';
import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FrameStage } from '../../../shared/frames/FrameStage.tsx';
import { hasKeyOn, pointIn, stageKeyHandler, wrapFrame } from '../../../shared/frames/frameKeys.ts';
import classes from './markers.module.css';

export interface HotspotStageProps {
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
 * The pointer on the hotspot stage: drag the selected hotspot's marker to move it (a key frame on this frame);
 * click on the picture to place it there; drag across the picture to turn the spin.
 */
function useHotspotDrag(props: HotspotStageProps) {
  const { frame, n, selectedId, keys, onFrame, onSelect, onPlace } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const id = (event.target as Element).closest('[data-hotspot]')?.getAttribute('data-hotspot');
    event.currentTarget.setPointerCapture(event.pointerId);
    ref.current?.focus();
    if (id && id === (selectedId ?? 'new')) {
      setDrag({ kind: 'move', pointerId: event.pointerId, point: pointIn(ref.current, event) });
    } else if (id) {
      onSelect(id);
    } else {
      setDrag({ kind: 'scrub', pointerId: event.pointerId, startX: event.clientX, startFrame: frame, moved: false });
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    if (drag.kind === 'move') {
      setDrag({ ...drag, point: pointIn(ref.current, event) });
      return;
    }
    const steps = Math.trunc((event.clientX - drag.startX) / SCRUB_PX);
    if (steps !== 0 || drag.moved) {
      // Dragging right turns the car as the viewer does: to the previous frames.
      onFrame(wrapFrame(drag.startFrame - steps, n));
      if (!drag.moved) setDrag({ ...drag, moved: true });
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    if (drag.kind === 'move') onPlace(drag.point);
    else if (!drag.moved && keys) onPlace(pointIn(ref.current, event));
    setDrag(null);
  };

  const moving = drag?.kind === 'move' ? drag.point : null;
  const handlers = { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: () => setDrag(null) };
  return { ref, moving, handlers };
}

/**
 * One frame of the row, large, with the hotspots that are visible on it. Keyboard (the stage is one focusable
 * control): arrows move the selected point (Alt for fine steps), Delete removes this frame's key, Page Up /
 * Page Down or , and . go to the previous or next frame.
 */
export function HotspotStage(props: HotspotStageProps) {
  const { frame, n, hotspots, selectedId, keys, onFrame } = props;
  const { t } = useTranslation();
  const { ref, moving, handlers } = useHotspotDrag(props);

  const others = hotspots
    .filter((h) => h.id !== selectedId && h.exterior)
    .map((h) => ({ h, p: hotspotPositionAt(h.exterior?.key_frames ?? [], frame, n) }))
    .filter((o) => o.p !== null);
  const numberOf = (id: string | null) => hotspots.findIndex((h) => h.id === id) + 1;

  const onKeyDown = stageKeyHandler((key) => {
    if (key.kind === 'step') onFrame(wrapFrame(frame + key.by, n));
    else if (!keys) return false;
    else if (key.kind === 'nudge') props.onNudge(key.dx, key.dy);
    else props.onRemoveKey();
    return true;
  });

  const shown = moving ?? (keys ? hotspotPositionAt(keys, frame, n) : null);
  const key = keys ? hasKeyOn(keys, frame) || moving !== null : false;
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
    <FrameStage
      imageUrl={props.imageUrl}
      width={props.width}
      height={props.height}
      label={t('annotations.stage.label', { frame: frame + 1, count: n })}
      hint={t(keys ? 'annotations.stage.hint' : 'annotations.stage.hintNone')}
      status={status}
      statusTestId="annotation-stage-status"
      stageRef={ref}
      onKeyDown={onKeyDown}
      {...handlers}
      data-testid="annotation-stage"
      data-frame={frame}
    >
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
    </FrameStage>
  );
}
