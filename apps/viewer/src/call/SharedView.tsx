import { type CallViewState, type PublishedManifest, spinStart } from '@spinyard/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { HotspotDialog } from '../HotspotDialog.tsx';
import type { AnyHotspot } from '../page-data.ts';
import { Spin } from '../spin/Spin.tsx';
import type { SpinView } from '../spin/spin-view.ts';
import { useModule } from '../use-module.ts';
import type { CallSnapshot, MeshCall } from './mesh.ts';
import type { CallTranslate } from './words.ts';

const loadInterior = () => import('../interior/Interior.tsx');

/** Every hotspot of the vehicle by id, exterior and interior: what a follower opens when the controller does. */
function hotspotsById(manifest: PublishedManifest): Map<string, AnyHotspot> {
  const all: AnyHotspot[] = [
    ...(manifest.exterior?.rows ?? []).flatMap((r) => r.hotspots ?? []),
    ...(manifest.interior?.scenes ?? []).flatMap((s) => s.hotspots ?? []),
  ];
  return new Map(all.map((h) => [h.id, h]));
}

/** The vehicle's published manifest (the viewer's own answer), or null when it has none to show. */
function useManifest(shortId: string | null): PublishedManifest | null | undefined {
  const [manifest, setManifest] = useState<PublishedManifest | null | undefined>(undefined);
  useEffect(() => {
    if (!shortId) {
      setManifest(null);
      return;
    }
    let live = true;
    fetch(`/v/${encodeURIComponent(shortId)}/manifest.json`)
      .then((r) => (r.ok ? (r.json() as Promise<PublishedManifest>) : null))
      .then((m) => live && setManifest(m))
      .catch(() => live && setManifest(null));
    return () => {
      live = false;
    };
  }, [shortId]);
  return manifest;
}

/**
 * The shared 360 view: the viewer's own spin, interior and hotspot dialog. Whoever controls it sends its whole
 * state on every change over the data channel (a few dozen bytes, no video); everyone else shows that state.
 */
export function SharedView({ call, snapshot, t }: { call: MeshCall; snapshot: CallSnapshot; t: CallTranslate }) {
  const vehicle = snapshot.vehicles.find((v) => v.short_id !== null) ?? null;
  const manifest = useManifest(vehicle?.short_id ?? null);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const [view, setView] = useState<SpinView | null>(null);
  const [hotspot, setHotspot] = useState<AnyHotspot | null>(null);
  const [interior, setInterior] = useState(false);
  const Interior = useModule(loadInterior, interior);
  const start = useMemo(() => (manifest ? spinStart(manifest) : null), [manifest]);
  const byId = useMemo(() => (manifest ? hotspotsById(manifest) : new Map<string, AnyHotspot>()), [manifest]);
  const self = snapshot.self?.id ?? null;
  const controlling = self !== null && self === snapshot.controller;
  const seq = useRef(0);
  const seen = useRef(new Map<string, number>());
  const last = useRef('');
  const followed = useRef<CallViewState | null>(null);

  // The controller: its state on every change, and again whenever someone's channel opens (a newcomer).
  useEffect(() => {
    if (!controlling) return;
    const send = (force: boolean) => {
      const s = view?.getSnapshot();
      const zoom = view?.relativeZoom() ?? { scale: 1, x: 0, y: 0 };
      const state: Omit<CallViewState, 'seq' | 'sent_at'> = {
        t: 'view',
        vehicle: 0,
        mode: interior ? 'interior' : 'exterior',
        row: s?.row ?? start?.row ?? 0,
        frame: s?.frame ?? start?.frame ?? 0,
        zoom: zoom.scale,
        pan_x: zoom.x,
        pan_y: zoom.y,
        hotspot: hotspot?.id ?? null,
        scene: 0,
        yaw: 0,
        pitch: 0,
        fov: 0,
      };
      const key = JSON.stringify(state);
      if (!force && key === last.current) return;
      last.current = key;
      call.sendView({ ...state, seq: ++seq.current, sent_at: Date.now() });
    };
    send(true);
    const offView = view?.subscribe(() => send(false));
    const offReady = call.onPeerReady(() => send(true));
    return () => {
      offView?.();
      offReady();
    };
  }, [controlling, view, interior, hotspot, start, call]);

  // Everyone else: the controller's state, the newest of each sender only.
  useEffect(() => {
    if (controlling) return;
    const apply = (s: CallViewState) => {
      followed.current = s;
      view?.show(s.row, s.frame, { scale: s.zoom, x: s.pan_x, y: s.pan_y });
      setInterior(s.mode === 'interior');
      setHotspot(s.hotspot ? (byId.get(s.hotspot) ?? null) : null);
    };
    // A state that came before the spin was made.
    if (followed.current) apply(followed.current);
    return call.onView((s, from) => {
      if (s.seq <= (seen.current.get(from) ?? -1)) return;
      seen.current.set(from, s.seq);
      apply(s);
      // What the bench reads: when the follower showed the state it was sent.
      window.dispatchEvent(new CustomEvent('spinyard:view-followed', { detail: s }));
    });
  }, [controlling, view, byId, call]);

  const onTurned = useCallback(() => undefined, []);
  const onHotspot = useCallback((h: AnyHotspot) => setHotspot(h), []);
  const controller = snapshot.peers.find((p) => p.info.id === snapshot.controller)?.info.display_name ?? '';

  if (manifest === undefined) return <p className="loading">{t('joining')}</p>;
  if (manifest === null || !start) return <p className="stage-empty">{t('no_vehicle')}</p>;
  return (
    <section className={`call-view${controlling ? '' : ' is-following'}`} aria-labelledby="call-view-title">
      <h2 id="call-view-title" className="visually-hidden">
        {t('shared_view')}
      </h2>
      <p className="call-view-who" role="status">
        {controlling ? t('view_yours') : t('view_following', { name: controller })}
      </p>
      <div ref={setStage} className="stage call-stage">
        <div className="stage-ui">
          {stage && (
            <Spin
              manifest={manifest}
              start={start}
              stage={stage}
              onTurned={onTurned}
              onHotspot={onHotspot}
              onView={setView}
              still
            />
          )}
        </div>
      </div>
      {(manifest.interior?.scenes.length ?? 0) > 0 && !interior && controlling && (
        <button type="button" className="action" onClick={() => setInterior(true)}>
          {t('open_interior')}
        </button>
      )}
      {interior && Interior && (
        <Interior manifest={manifest} onClose={() => controlling && setInterior(false)} onHotspot={onHotspot} />
      )}
      <HotspotDialog hotspot={hotspot} onClose={() => setHotspot(null)} />
    </section>
  );
}
