import type { CallViewState } from '@spinyard/domain';
import { useEffect, useRef } from 'react';
import type { InteriorCamera } from '../interior/camera.ts';
import type { SpinView } from '../spin/spin-view.ts';
import type { MeshCall } from './mesh.ts';

/** What the shared view shows besides the spin's and the interior's own state (which their views hold). */
export interface SharedChoice {
  vehicle: number;
  interior: boolean;
  scene: number;
  hotspot: string | null;
  doc: string | null;
}

interface Sync {
  call: MeshCall;
  controlling: boolean;
  choice: SharedChoice;
  /** The vehicle whose spin is on screen now (its manifest loaded): a state for another waits for it. */
  shownVehicle: number | null;
  view: SpinView | null;
  camera: InteriorCamera | null;
  start: { row: number; frame: number } | null;
  /** Sets the follower's choice from a state (stable). */
  follow(choice: SharedChoice): void;
}

const within = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/**
 * The shared view's two directions. The controller sends its whole state on every change (spin, interior camera,
 * vehicle, scene, hotspot, document) and again whenever a channel opens (a newcomer, or someone back after a drop);
 * everyone else shows the newest state of the controller, the spin's part once that vehicle's spin is made and the
 * interior's once its panorama is.
 */
export function useViewSync({ call, controlling, choice, shownVehicle, view, camera, start, follow }: Sync): void {
  // From the clock, not 0: a controller whose page was reloaded goes on above the states it sent before.
  const seq = useRef(Date.now());
  const seen = useRef(new Map<string, number>());
  const last = useRef('');
  const followed = useRef<CallViewState | null>(null);

  useEffect(() => {
    if (!controlling) return;
    const send = (force: boolean) => {
      const s = view?.getSnapshot();
      const zoom = view?.relativeZoom() ?? { scale: 1, x: 0, y: 0 };
      const angle = choice.interior ? camera?.get() : undefined;
      const state: Omit<CallViewState, 'seq' | 'sent_at'> = {
        t: 'view',
        vehicle: choice.vehicle,
        mode: choice.interior ? 'interior' : 'exterior',
        row: s?.row ?? start?.row ?? 0,
        frame: s?.frame ?? start?.frame ?? 0,
        zoom: zoom.scale,
        pan_x: zoom.x,
        pan_y: zoom.y,
        hotspot: choice.hotspot,
        scene: choice.scene,
        yaw: within(angle?.yaw ?? 0, -10, 10),
        pitch: within(angle?.pitch ?? 0, -10, 10),
        fov: within(angle?.zoom ?? 0, 0, 100),
        doc: choice.doc,
      };
      const key = JSON.stringify(state);
      if (!force && key === last.current) return;
      last.current = key;
      call.sendView({ ...state, seq: ++seq.current, sent_at: Date.now() });
    };
    send(true);
    const offView = view?.subscribe(() => send(false));
    const offCamera = camera?.subscribe(() => send(false));
    const offReady = call.onPeerReady(() => send(true));
    return () => {
      offView?.();
      offCamera?.();
      offReady();
    };
  }, [controlling, view, camera, choice, start, call]);

  useEffect(() => {
    if (controlling) return;
    const apply = (s: CallViewState) => {
      followed.current = s;
      follow({ vehicle: s.vehicle, interior: s.mode === 'interior', scene: s.scene, hotspot: s.hotspot, doc: s.doc });
      if (s.vehicle === shownVehicle) view?.show(s.row, s.frame, { scale: s.zoom, x: s.pan_x, y: s.pan_y });
      if (s.mode === 'interior') camera?.show({ yaw: s.yaw, pitch: s.pitch, zoom: s.fov });
    };
    // A state that came before this vehicle's spin or the interior's panorama was made.
    if (followed.current) apply(followed.current);
    return call.onView((s, from) => {
      if (s.seq <= (seen.current.get(from) ?? -1)) return;
      seen.current.set(from, s.seq);
      apply(s);
      // What the bench reads: when the follower showed the state it was sent.
      window.dispatchEvent(new CustomEvent('spinyard:view-followed', { detail: s }));
    });
  }, [controlling, view, camera, shownVehicle, call, follow]);
}
