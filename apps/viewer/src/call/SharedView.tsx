import { type PublishedManifest, spinStart } from '@spinyard/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { HotspotDialog } from '../HotspotDialog.tsx';
import type { InteriorCamera } from '../interior/camera.ts';
import type { AnyHotspot } from '../page-data.ts';
import { Spin } from '../spin/Spin.tsx';
import type { SpinView } from '../spin/spin-view.ts';
import { useModule } from '../use-module.ts';
import { Documents } from './Documents.tsx';
import { type MeetingInfo, vehicleManifest } from './meeting-api.ts';
import type { CallSnapshot, MeshCall } from './mesh.ts';
import { type SharedChoice, useViewSync } from './view-sync.ts';
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

type Shown = { index: number; manifest: PublishedManifest | null };

/** The chosen vehicle's manifest, read with the viewer token the meeting grants (a limited publication opens too). */
function useVehicle(call: MeshCall, snapshot: CallSnapshot, index: number): Shown | undefined {
  const [shown, setShown] = useState<Shown | undefined>(undefined);
  const vehicle = snapshot.vehicles[index];
  const meetingId = snapshot.meetingId;
  useEffect(() => {
    if (!vehicle?.short_id || !meetingId) {
      setShown({ index, manifest: null });
      return;
    }
    let live = true;
    vehicleManifest(call.token, meetingId, vehicle.content_id, vehicle.short_id).then(
      (manifest) => live && setShown({ index, manifest }),
      () => live && setShown({ index, manifest: null }),
    );
    return () => {
      live = false;
    };
  }, [call, meetingId, vehicle, index]);
  return shown;
}

const FIRST: Omit<SharedChoice, 'vehicle'> = { interior: false, scene: 0, hotspot: null, doc: null };

/** The meeting's vehicles to choose from (whoever turns the view), the one shown pressed. */
function VehiclePicker(props: {
  snapshot: CallSnapshot;
  info: MeetingInfo | null;
  current: number;
  nameOf(index: number): string;
  onChoose(index: number): void;
  t: CallTranslate;
}) {
  return (
    <fieldset className="call-vehicles">
      <legend>{props.t('vehicles')}</legend>
      {props.snapshot.vehicles.map((v, i) => (
        <button
          key={v.content_id}
          type="button"
          aria-pressed={i === props.current}
          disabled={v.short_id === null}
          onClick={() => props.onChoose(i)}
        >
          {props.nameOf(i)}
          {v.short_id === null && ` ${props.t('vehicle_unpublished')}`}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The shared 360 view: the viewer's own spin, interior and hotspot dialog, the vehicle among the meeting's and the
 * document shown to everyone. Whoever controls it sends its whole state on every change over the data channel (a
 * few dozen bytes, no video; view-sync.ts); everyone else shows that state.
 */
export function SharedView(props: {
  call: MeshCall;
  snapshot: CallSnapshot;
  info: MeetingInfo | null;
  t: CallTranslate;
}) {
  const { call, snapshot, info, t } = props;
  const [choice, setChoice] = useState<SharedChoice>(() => ({
    vehicle: Math.max(
      0,
      snapshot.vehicles.findIndex((v) => v.short_id !== null),
    ),
    ...FIRST,
  }));
  const shown = useVehicle(call, snapshot, choice.vehicle);
  const manifest = shown?.manifest ?? null;
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const [view, setView] = useState<SpinView | null>(null);
  const [camera, setCamera] = useState<InteriorCamera | null>(null);
  const Interior = useModule(loadInterior, choice.interior);
  const start = useMemo(() => (manifest ? spinStart(manifest) : null), [manifest]);
  const byId = useMemo(() => (manifest ? hotspotsById(manifest) : new Map<string, AnyHotspot>()), [manifest]);
  const self = snapshot.self?.id ?? null;
  const controlling = self !== null && self === snapshot.controller;
  const change = useCallback((next: Partial<SharedChoice>) => setChoice((c) => ({ ...c, ...next })), []);
  const follow = useCallback(
    (next: SharedChoice) => setChoice((c) => (JSON.stringify(c) === JSON.stringify(next) ? c : next)),
    [],
  );
  useViewSync({
    call,
    controlling,
    choice,
    shownVehicle: shown?.manifest ? shown.index : null,
    view,
    camera,
    start,
    follow,
  });
  const onTurned = useCallback(() => undefined, []);
  const onHotspot = useCallback((h: AnyHotspot) => change({ hotspot: h.id }), [change]);
  const onScene = useCallback((scene: number) => change({ scene }), [change]);
  const controller = snapshot.peers.find((p) => p.info.id === snapshot.controller)?.info.display_name ?? '';
  const nameOf = (i: number) =>
    info?.vehicles.find((v) => v.content_id === snapshot.vehicles[i]?.content_id)?.name ?? `${t('vehicle')} ${i + 1}`;
  const hotspot = choice.hotspot ? (byId.get(choice.hotspot) ?? null) : null;

  return (
    <section className={`call-view${controlling ? '' : ' is-following'}`} aria-labelledby="call-view-title">
      <h2 id="call-view-title" className="visually-hidden">
        {t('shared_view')}
      </h2>
      <p className="call-view-who" role="status">
        {controlling ? t('view_yours') : t('view_following', { name: controller })}
      </p>
      {controlling && snapshot.vehicles.length > 1 && (
        <VehiclePicker
          snapshot={snapshot}
          info={info}
          current={choice.vehicle}
          nameOf={nameOf}
          onChoose={(vehicle) => change({ vehicle, ...FIRST, doc: choice.doc })}
          t={t}
        />
      )}
      {shown === undefined || shown.index !== choice.vehicle ? (
        <p className="loading">{t('joining')}</p>
      ) : !manifest || !start ? (
        <p className="stage-empty">{t('no_vehicle')}</p>
      ) : (
        <>
          <p className="call-vehicle-name" data-vehicle={choice.vehicle}>
            {nameOf(choice.vehicle)}
          </p>
          <div ref={setStage} className="stage call-stage">
            <div className="stage-ui">
              {stage && (
                <Spin
                  key={shown.index}
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
          {(manifest.interior?.scenes.length ?? 0) > 0 && !choice.interior && controlling && (
            <button type="button" className="action" onClick={() => change({ interior: true, scene: 0 })}>
              {t('open_interior')}
            </button>
          )}
          {choice.interior && Interior && (
            <Interior
              key={shown.index}
              manifest={manifest}
              onClose={() => controlling && change({ interior: false, hotspot: null })}
              onHotspot={onHotspot}
              scene={choice.scene}
              onScene={controlling ? onScene : undefined}
              onCamera={setCamera}
            />
          )}
          <HotspotDialog hotspot={hotspot} onClose={() => change({ hotspot: null })} />
        </>
      )}
      <Documents
        call={call}
        meetingId={snapshot.meetingId}
        documents={info?.documents ?? []}
        shown={choice.doc}
        onShow={controlling ? (doc) => change({ doc }) : undefined}
        t={t}
      />
    </section>
  );
}
