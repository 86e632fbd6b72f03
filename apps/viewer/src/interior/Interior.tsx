import '@photo-sphere-viewer/core/index.css';
import '@photo-sphere-viewer/markers-plugin/index.css';
import { Viewer } from '@photo-sphere-viewer/core';
import { GyroscopePlugin } from '@photo-sphere-viewer/gyroscope-plugin';
import { type MarkerConfig, MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { StereoPlugin } from '@photo-sphere-viewer/stereo-plugin';
import type { PublishedInteriorHotspot, PublishedManifest } from '@spinyard/domain';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import { Icon } from '../icons.tsx';
import { safeUrl } from '../page-data.ts';
import { cameraOf, type InteriorAngle, type InteriorCamera, showAngle } from './camera.ts';
import { hotspotMarker, zoomPointMarker } from './markers.ts';
import { useMotion } from './motion.ts';

type Scene = NonNullable<PublishedManifest['interior']>['scenes'][number];

/** The panorama a scene shows: the largest rendition made for phones, else the full picture. */
const panoramaOf = (scene: Scene): string | undefined =>
  safeUrl(scene.image.renditions.mobile?.jpeg ?? scene.image.renditions.preview?.jpeg ?? scene.image.master);

/**
 * The interior (loaded only when opened: this module brings Photo Sphere Viewer and three.js): the scene's
 * panorama with its hotspots and zoom points as markers built from DOM nodes holding text (never the `html` of a
 * marker, which is where Pannellum-style hotspot injection happens), scene buttons, zoom points, the gyroscope
 * (asking iOS for the motion permission inside the click that turns it on) and, in VR mode, the stereo view.
 */
export default function Interior(props: {
  manifest: PublishedManifest;
  onClose(): void;
  onHotspot(h: PublishedInteriorHotspot): void;
  /** The scene shown, when someone else decides it (the call's shared view); absent, the buyer's own choice. */
  scene?: number | undefined;
  onScene?: ((index: number) => void) | undefined;
  /** The panorama's camera once made, and null when it goes (the call's shared view drives and follows it). */
  onCamera?: ((camera: InteriorCamera | null) => void) | undefined;
}) {
  const { t } = useI18n();
  const scenes = props.manifest.interior?.scenes ?? [];
  const [own, setOwn] = useState(0);
  const index = props.scene ?? own;
  const setIndex = props.onScene ?? setOwn;
  /** The angle asked for while a panorama loads: shown once it has (loading sets the scene's own first view). */
  const wanted = useRef<InteriorAngle | null>(null);
  const onCamera = useRef(props.onCamera);
  onCamera.current = props.onCamera;
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<Viewer | null>(null);
  const onHotspot = useRef(props.onHotspot);
  onHotspot.current = props.onHotspot;
  const scene = scenes[index];
  const hotspotsOn = props.manifest.options.hotspots;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const plugins: NonNullable<ConstructorParameters<typeof Viewer>[0]['plugins']> = [
      [MarkersPlugin, {}],
      [GyroscopePlugin, {}],
    ];
    if (props.manifest.vr_mode) plugins.push([StereoPlugin, {}]);
    // Every text Photo Sphere Viewer may show itself, in the buyer's language (its own are English).
    const lang = {
      loading: t('loading'),
      loadError: t('load_error'),
      webglError: t('interior_unsupported'),
      twoFingers: t('interior_two_fingers'),
      ctrlZoom: t('interior_ctrl_zoom'),
    };
    const viewer = new Viewer({ container, navbar: false, keyboard: 'always', plugins, loadingTxt: '', lang });
    // Without WebGL the viewer shows its (translated) error and is never built: nothing may call it then.
    if ((viewer as unknown as { renderer?: unknown }).renderer === undefined) return;
    viewerRef.current = viewer;
    const camera = cameraOf(viewer, container, wanted);
    onCamera.current?.(camera);
    return () => {
      onCamera.current?.(null);
      viewerRef.current = null;
      viewer.destroy();
    };
  }, [props.manifest.vr_mode, t]);

  useEffect(() => {
    const viewer = viewerRef.current;
    const url = scene ? panoramaOf(scene) : undefined;
    if (!viewer || !scene || !url) return;
    const v = scene.initial_view;
    void viewer
      .setPanorama(url, { position: { yaw: `${v.yaw}deg`, pitch: `${v.pitch}deg` }, zoom: v.zoom, transition: false })
      .then(() => {
        if (wanted.current) showAngle(viewer, wanted.current);
        const markers = viewer.getPlugin<MarkersPlugin>(MarkersPlugin);
        const list: MarkerConfig[] = [
          ...(hotspotsOn ? (scene.hotspots ?? []) : []).map((h) =>
            hotspotMarker(h, t('hotspot_open', { title: h.title }), () => onHotspot.current(h)),
          ),
          ...scene.zoom_points.map((z, i) =>
            zoomPointMarker(z, i, t('zoom_point', { label: z.label }), () =>
              viewer.animate({ yaw: `${z.yaw}deg`, pitch: `${z.pitch}deg`, zoom: 80, speed: '8rpm' }),
            ),
          ),
        ];
        markers.setMarkers(list);
      })
      .catch(() => undefined);
  }, [scene, hotspotsOn, t]);

  const { gyroOn, gyroMessage, toggleGyroscope, startVr } = useMotion(viewerRef, t);

  return (
    <section className="interior" aria-labelledby="interior-title">
      <div className="interior-head">
        <h2 id="interior-title">{t('interior_label')}</h2>
        <button type="button" className="control on-light" onClick={props.onClose} aria-label={t('interior_close')}>
          <Icon name="close" />
        </button>
      </div>
      <div ref={containerRef} className="interior-panorama" data-scene={scene?.id} />
      <div className="interior-tools">
        {scenes.length > 1 && (
          <fieldset className="scene-list">
            <legend>{t('scene')}</legend>
            {scenes.map((s, i) => (
              <button key={s.id} type="button" aria-pressed={i === index} onClick={() => setIndex(i)}>
                {s.title || `${t('scene')} ${i + 1}`}
              </button>
            ))}
          </fieldset>
        )}
        <button type="button" aria-pressed={gyroOn} onClick={() => void toggleGyroscope()}>
          {t('gyroscope')}
        </button>
        {props.manifest.vr_mode && (
          <button type="button" onClick={startVr}>
            {t('vr')}
          </button>
        )}
        {scene?.zoom_points.map((z) => (
          <button
            key={`${z.yaw},${z.pitch}`}
            type="button"
            onClick={() =>
              void viewerRef.current?.animate({ yaw: `${z.yaw}deg`, pitch: `${z.pitch}deg`, zoom: 80, speed: '8rpm' })
            }
          >
            {t('zoom_point', { label: z.label })}
          </button>
        ))}
        <p role="status" className="interior-message">
          {gyroMessage}
        </p>
      </div>
    </section>
  );
}
