import { Loader, Text } from '@mantine/core';
import type { Viewer } from '@photo-sphere-viewer/core';
import type { MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../../../shared/frames/frames.module.css';
import { escapeHtml } from '../shared/escapeHtml.ts';

export interface PanoramaMarker {
  id: string;
  yaw: number;
  pitch: number;
  /** The hotspot's title: plain text, escaped before Photo Sphere Viewer sees it. */
  title: string;
  number: string;
  selected: boolean;
}

export interface PanoramaStageProps {
  panorama: string;
  markers: readonly PanoramaMarker[];
  /** A click on the picture (degrees), to place the selected hotspot there. */
  onPick: (yaw: number, pitch: number) => void;
  /** The selected marker dragged and dropped (degrees). */
  onDrop: (yaw: number, pitch: number) => void;
  onSelect: (id: string) => void;
  /** Arrow keys on the stage: the selected point moved by degrees. */
  onNudge: (dYaw: number, dPitch: number) => void;
  hasSelection: boolean;
}

const toDegrees = (rad: number) => {
  const d = (rad * 180) / Math.PI;
  return Math.round((d > 180 ? d - 360 : d) * 10) / 10;
};
const toRadians = (deg: number) => (deg * Math.PI) / 180;

/** The marker as a DOM element whose text is set as text: nothing the dealer typed is ever parsed as HTML. */
function markerElement(m: PanoramaMarker): HTMLElement {
  const el = document.createElement('div');
  el.textContent = m.number;
  el.dataset.hotspot = m.id;
  el.dataset.testid = m.selected ? 'interior-selected-marker' : 'interior-marker';
  Object.assign(el.style, {
    width: m.selected ? '34px' : '28px',
    height: m.selected ? '34px' : '28px',
    borderRadius: '50%',
    border: '2px solid #111',
    background: m.selected ? '#ffd43b' : '#fff',
    color: '#111',
    // Photo Sphere Viewer sets display: block on the element, so the number is centred by line height.
    font: `700 13px/${m.selected ? 30 : 24}px system-ui, sans-serif`,
    textAlign: 'center',
    boxSizing: 'border-box',
    boxShadow: '0 1px 4px rgba(0,0,0,.6)',
    cursor: m.selected ? 'grab' : 'pointer',
    touchAction: 'none',
  });
  return el;
}

/**
 * An interior scene in Photo Sphere Viewer (loaded when first shown), with the scene's hotspots as markers: a click
 * places the selected hotspot, its marker can be dragged, and the stage takes arrow keys (Alt for fine steps).
 */
export function PanoramaStage(props: PanoramaStageProps) {
  const { panorama, markers, hasSelection } = props;
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const viewer = useRef<{ viewer: Viewer; markers: MarkersPlugin } | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const [ready, setReady] = useState(false);
  const hintId = useId();

  useEffect(() => {
    let cancelled = false;
    let made: Viewer | null = null;
    void (async () => {
      const [core, plugin] = await Promise.all([
        import('@photo-sphere-viewer/core'),
        import('@photo-sphere-viewer/markers-plugin'),
        import('@photo-sphere-viewer/core/index.css'),
        import('@photo-sphere-viewer/markers-plugin/index.css'),
      ]);
      if (cancelled || !box.current) return;
      made = new core.Viewer({
        container: box.current,
        panorama,
        navbar: ['zoom', 'fullscreen'],
        keyboard: false,
        mousewheelCtrlKey: true,
        defaultZoomLvl: 0,
        plugins: [[plugin.MarkersPlugin, {}]],
      });
      const markersPlugin = made.getPlugin<MarkersPlugin>(plugin.MarkersPlugin);
      viewer.current = { viewer: made, markers: markersPlugin };
      made.addEventListener('click', ({ data }) => {
        if (data.rightclick) return;
        const hit = (data.target as Element | undefined)?.closest?.('[data-hotspot]');
        const id = (data.marker?.id as string | undefined) ?? hit?.getAttribute('data-hotspot');
        if (id) latest.current.onSelect(id);
        else latest.current.onPick(toDegrees(data.yaw), toDegrees(data.pitch));
      });
      made.addEventListener('ready', () => setReady(true), { once: true });
    })();
    return () => {
      cancelled = true;
      viewer.current = null;
      made?.destroy();
    };
  }, [panorama]);

  // The markers follow the props; the selected one can be dragged.
  useEffect(() => {
    const v = viewer.current;
    if (!v || !ready) return;
    v.markers.setMarkers(
      markers.map((m) => {
        const element = markerElement(m);
        if (m.selected)
          attachDrag(element, v.viewer, (yaw, pitch) => latest.current.onDrop(yaw, pitch), m.id, v.markers);
        return {
          id: m.id,
          element,
          position: { yaw: toRadians(m.yaw), pitch: toRadians(m.pitch) },
          size: { width: 34, height: 34 },
          tooltip: { content: escapeHtml(m.title), trigger: 'hover' as const },
        };
      }),
    );
  }, [markers, ready]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!hasSelection) return;
    const step = event.altKey ? 0.1 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    props.onNudge(move[0], move[1]);
  };

  return (
    <div>
      <div
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a placing surface (role application) operated by its keys
        tabIndex={0}
        aria-label={t('annotations.interior.stage')}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        data-testid="interior-stage"
        data-ready={ready ? 'true' : 'false'}
        style={{ aspectRatio: '16 / 10', cursor: 'default' }}
        className={classes.stage}
      >
        <div ref={box} style={{ position: 'absolute', inset: 0 }} />
        {ready ? null : <Loader size="sm" style={{ position: 'absolute', left: '50%', top: '50%' }} aria-hidden />}
      </div>
      <Text size="xs" c="gray.7" mt={4} id={hintId}>
        {t(hasSelection ? 'annotations.interior.hint' : 'annotations.interior.hintNone')}
      </Text>
    </div>
  );
}

/** Drag of a marker: the viewer must not turn meanwhile, so its own press handlers never see the gesture. */
function attachDrag(
  element: HTMLElement,
  v: Viewer,
  onDrop: (yaw: number, pitch: number) => void,
  id: string,
  markers: MarkersPlugin,
) {
  const stop = (event: Event) => event.stopPropagation();
  element.addEventListener('mousedown', stop);
  element.addEventListener('touchstart', stop, { passive: true });
  element.addEventListener('pointerdown', (down) => {
    down.stopPropagation();
    down.preventDefault();
    let last: { yaw: number; pitch: number } | null = null;
    const move = (event: PointerEvent) => {
      const rect = v.container.getBoundingClientRect();
      const p = v.dataHelper.viewerCoordsToSphericalCoords({
        x: event.clientX - rect.left,
        y: event.clientY - rect.top,
      });
      last = p;
      markers.updateMarker({ id, position: p });
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      if (last) onDrop(toDegrees(last.yaw), toDegrees(last.pitch));
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  });
}
