import type { PublishedInteriorHotspot } from '@spinyard/domain';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { type AnalyticsTag, loadAnalytics } from './analytics.ts';
import { Dealer, dealerContact, isFact } from './Dealer.tsx';
import { HotspotDialog } from './HotspotDialog.tsx';
import { useI18n } from './i18n/i18n.ts';
import { Icon } from './icons.tsx';
import { moments } from './moments.ts';
import { type AnyHotspot, damageHotspots, type PageData, type SpinHotspot } from './page-data.ts';
import { Spin } from './spin/Spin.tsx';
import { useModule } from './use-module.ts';

// Loaded only when there is something to show: an exterior-only vehicle fetches neither.
const loadDetails = () => import('./details/Details.tsx');
const loadInterior = () => import('./interior/Interior.tsx');
const loadDamageMap = () => import('./details/DamageMap.tsx');

/**
 * The viewer: the spin inside the stage the server wrote (over its first picture), and below it, in the page's own
 * slot, what the vehicle has besides (loaded on demand, so an exterior-only vehicle fetches none of it).
 */
export function App({ data, stage, below }: { data: PageData; stage: HTMLElement; below: HTMLElement }) {
  const { t } = useI18n();
  const { manifest, start } = data;
  const tag = useRef<AnalyticsTag | null>(null);
  // The view is the tag's page view (sent when its frame opens): only the buyer's actions follow it as events.
  const stats = useMemo(
    () => moments(manifest.short_id, navigator, (kind) => (kind === 'view' ? undefined : tag.current?.event(kind))),
    [manifest.short_id],
  );
  const [hotspot, setHotspot] = useState<AnyHotspot | null>(null);
  const hasInterior = (manifest.interior?.scenes.length ?? 0) > 0;
  const [interiorOpen, setInteriorOpen] = useState(
    () => hasInterior && new URLSearchParams(location.search).get('view') === 'interior',
  );
  const damage = useMemo(() => damageHotspots(manifest), [manifest]);
  // Embedded, the frame is the dealer's 16:9 box: the 360 views only (the dealer's page has the rest), so no
  // scrolling area inside it catches a phone's vertical swipes.
  const embed = stage.closest('.is-embed') !== null;
  const marks = manifest.damage_map ?? [];
  const mapPlace = marks.length > 0 ? manifest.display.development_view : 'off';
  const [mapOpen, setMapOpen] = useState(false);
  const mapButton = useRef<HTMLButtonElement>(null);
  const mapClose = useRef<HTMLButtonElement>(null);
  const details =
    !embed &&
    (manifest.category_images.length > 0 ||
      mapPlace === 'outside' ||
      manifest.video_links.length > 0 ||
      manifest.basic_info.some(isFact) ||
      manifest.inspection !== null ||
      (manifest.display.defects && damage.length > 0));
  // Who sells it: the dealer's own page has that when it embeds the viewer.
  const contact = useMemo(() => (embed ? null : dealerContact(manifest)), [embed, manifest]);
  const openButton = useRef<HTMLButtonElement>(null);
  const Details = useModule(loadDetails, details);
  const Interior = useModule(loadInterior, interiorOpen);
  const InsideMap = useModule(loadDamageMap, mapOpen);

  useEffect(() => {
    stats.view();
    const opened = loadAnalytics(manifest.analytics_tag);
    tag.current = opened;
    return () => {
      opened?.remove();
      tag.current = null;
    };
  }, [stats, manifest.analytics_tag]);

  useEffect(() => {
    if (interiorOpen) stats.interior();
  }, [interiorOpen, stats]);

  const onTurned = useCallback(() => stats.spin(), [stats]);
  const onHotspot = useCallback(
    (h: SpinHotspot | PublishedInteriorHotspot) => {
      setHotspot(h);
      stats.hotspot(h.id);
    },
    [stats],
  );
  const closeMap = useCallback(() => {
    setMapOpen(false);
    // After the render that brings the button back.
    requestAnimationFrame(() => mapButton.current?.focus());
  }, []);
  // Opened, the map takes the focus (its close button) and Escape closes it wherever the focus is.
  useEffect(() => {
    if (!mapOpen) return;
    mapClose.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeMap();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mapOpen, closeMap]);
  const closeInterior = useCallback(() => {
    setInteriorOpen(false);
    openButton.current?.focus();
  }, []);

  let spin: ReactNode;
  if (manifest.exterior && start) {
    spin = <Spin manifest={manifest} start={start} stage={stage} onTurned={onTurned} onHotspot={onHotspot} />;
  } else {
    spin = <p className="stage-empty">{t('no_exterior')}</p>;
  }
  const more = (
    <>
      {hasInterior && !interiorOpen && (
        <div className="actions">
          <button ref={openButton} type="button" className="action" onClick={() => setInteriorOpen(true)}>
            <Icon name="cube" />
            {t('interior_open')}
          </button>
        </div>
      )}
      {interiorOpen &&
        (Interior ? (
          <Interior manifest={manifest} onClose={closeInterior} onHotspot={onHotspot} />
        ) : (
          <p className="loading" role="status">
            {t('loading')}
          </p>
        ))}
      {contact && <Dealer contact={contact} />}
      {details && Details && <Details manifest={manifest} damage={damage} />}
    </>
  );
  // The development view "inside the content": over the stage, opened by a button on it.
  const inside =
    mapPlace === 'inside' ? (
      mapOpen ? (
        <section className="damage-overlay" aria-labelledby="damage-overlay-title">
          <div className="interior-head">
            <h2 id="damage-overlay-title">{t('damage_map')}</h2>
            <button
              ref={mapClose}
              type="button"
              className="control on-light"
              onClick={closeMap}
              aria-label={t('damage_map_close')}
            >
              <Icon name="close" />
            </button>
          </div>
          {InsideMap ? (
            <InsideMap marks={marks} />
          ) : (
            <p className="loading" role="status">
              {t('loading')}
            </p>
          )}
        </section>
      ) : (
        <button ref={mapButton} type="button" className="action damage-toggle" onClick={() => setMapOpen(true)}>
          {t('damage_map_open')}
        </button>
      )
    ) : null;
  return (
    <>
      {spin}
      <HotspotDialog hotspot={hotspot} onClose={() => setHotspot(null)} />
      {inside && createPortal(inside, stage)}
      {createPortal(more, embed ? stage : below)}
    </>
  );
}
