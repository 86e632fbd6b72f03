import type { PublishedManifest } from '@spinyard/domain';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import { rowHotspots, type SpinHotspot } from '../page-data.ts';
import { Controls } from './Controls.tsx';
import { attachGestures } from './gestures.ts';
import { HotspotLayer } from './HotspotLayer.tsx';
import { SpinView } from './spin-view.ts';

const AUTOPLAY_FRAME_MS = 70;
const ZOOM_STEP = 1.5;

export interface SpinProps {
  manifest: PublishedManifest;
  start: { row: number; frame: number };
  /** The stage the server wrote (the first frame's box): what goes full screen. */
  stage: HTMLElement;
  onTurned(): void;
  onHotspot(hotspot: SpinHotspot): void;
  /** The spin's view once made, and null when it goes (the call's shared view drives and follows it). */
  onView?: ((view: SpinView | null) => void) | undefined;
  /** No opening turn: the call's followers show what the controller shows, nothing else. */
  still?: boolean | undefined;
}

/** Whether the browser chose the WebP of the page's first picture: then every frame is asked for as WebP. */
function prefersWebp(first: HTMLImageElement | null): boolean {
  if (first?.currentSrc) return first.currentSrc.endsWith('.webp');
  return document.createElement('canvas').toDataURL('image/webp').startsWith('data:image/webp');
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** The exterior spin over the server's first frame, which it replaces once its own first drawing is on screen. */
export function Spin({ manifest, start, stage, onTurned, onHotspot, onView, still }: SpinProps) {
  const { t } = useI18n();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<SpinView | null>(null);
  const interacted = useRef(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    const surface = surfaceRef.current;
    const exterior = manifest.exterior;
    if (!canvas || !surface || !exterior) return;
    const first = stage.querySelector<HTMLImageElement>('#first-frame');
    const rows = exterior.rows.map((r) => r.frames.map((f) => f.image));
    const v = new SpinView(rows, start, prefersWebp(first), canvas, () => stage.classList.add('is-live'));
    // The server's picture is the display size of the start frame: taken as it is once decoded, never fetched twice.
    if (first) {
      first
        .decode()
        .then(() => {
          v.frames.adopt(start.row, start.frame, 'display', first);
          v.resize(surface.clientWidth, surface.clientHeight, window.devicePixelRatio || 1);
        })
        .catch(() => undefined);
    }
    const resize = () => v.resize(surface.clientWidth, surface.clientHeight, window.devicePixelRatio || 1);
    const observer = new ResizeObserver(resize);
    observer.observe(surface);
    resize();
    v.frames.start();
    const detach = attachGestures(surface, v, {
      onTurned,
      onInput: () => {
        interacted.current = true;
      },
    });
    setView(v);
    onView?.(v);
    return () => {
      onView?.(null);
      detach();
      observer.disconnect();
      v.destroy();
    };
  }, [manifest, start, stage, onTurned, onView]);

  const snapshot = useSyncExternalStore(view?.subscribe ?? noSubscribe, view?.getSnapshot ?? nullSnapshot);

  // Once, when the whole spin can be turned: one slow turn shows that it turns (not with reduced motion).
  const played = useRef(false);
  useEffect(() => {
    if (!view || !snapshot?.ready || played.current || interacted.current || still || reducedMotion()) return;
    played.current = true;
    let left = view.frameCount();
    const timer = window.setInterval(() => {
      if (interacted.current || left-- <= 0) {
        window.clearInterval(timer);
        return;
      }
      view.turn(1);
    }, AUTOPLAY_FRAME_MS);
    return () => window.clearInterval(timer);
  }, [view, snapshot?.ready, still]);

  const row = snapshot?.row ?? start.row;
  const hotspots = useMemo(() => rowHotspots(manifest, row), [manifest, row]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!view) return;
    const rows = view.rowCount() > 1;
    switch (e.key) {
      case 'ArrowLeft':
      case 'ArrowRight':
        // As a drag that way: the picture moves with the arrow.
        view.turn(e.key === 'ArrowLeft' ? 1 : -1);
        onTurned();
        break;
      case 'ArrowUp':
      case 'ArrowDown':
        if (!rows) return;
        view.changeRow(e.key === 'ArrowUp' ? -1 : 1);
        break;
      case '+':
      case '-':
        view.zoomTo(view.getSnapshot().zoom.scale * (e.key === '+' ? ZOOM_STEP : 1 / ZOOM_STEP));
        break;
      default:
        return;
    }
    e.preventDefault();
    interacted.current = true;
  };

  const n = view?.frameCount() ?? manifest.exterior?.rows[start.row]?.frames.length ?? 0;
  const current = (snapshot?.frame ?? start.frame) + 1;
  return (
    <>
      <div
        ref={surfaceRef}
        className={`spin-surface${snapshot && snapshot.zoom.scale > 1 ? ' is-zoomed' : ''}`}
        role="slider"
        tabIndex={0}
        aria-label={t('spin_label')}
        aria-roledescription={t('viewer_label')}
        aria-valuemin={1}
        aria-valuemax={n}
        aria-valuenow={current}
        aria-valuetext={t('frame_of', { n: current, total: n })}
        aria-describedby="spin-help"
        data-frame={current - 1}
        data-row={row}
        data-ready={snapshot?.ready ? 'true' : 'false'}
        onKeyDown={onKeyDown}
      >
        <canvas ref={canvasRef} className="spin-canvas" />
      </div>
      {/* Beside the slider, not in it: a slider's content is presentational, so buttons there would be lost. */}
      {snapshot && (
        <HotspotLayer hotspots={hotspots} frame={snapshot.frame} frameCount={n} box={snapshot.box} onOpen={onHotspot} />
      )}
      <p id="spin-help" className="visually-hidden">
        {t('spin_help')}
      </p>
      {view && snapshot && (
        <Controls
          view={view}
          snapshot={snapshot}
          stage={stage}
          zoomStep={ZOOM_STEP}
          onTurn={() => {
            interacted.current = true;
            onTurned();
          }}
        />
      )}
    </>
  );
}

const noSubscribe = () => () => undefined;
const nullSnapshot = () => null;
