import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { loadAnalytics } from './analytics.ts';
import { HotspotDialog } from './HotspotDialog.tsx';
import { useI18n } from './i18n/i18n.ts';
import { moments } from './moments.ts';
import type { PageData, SpinHotspot } from './page-data.ts';
import { Spin } from './spin/Spin.tsx';

/**
 * The viewer: the spin inside the stage the server wrote (over its first picture), and below it, in the page's own
 * slot, what the vehicle has besides (loaded on demand, so an exterior-only vehicle fetches none of it).
 */
export function App({ data, stage, below }: { data: PageData; stage: HTMLElement; below: HTMLElement }) {
  const { t } = useI18n();
  const { manifest, start } = data;
  const stats = useMemo(() => moments(manifest.short_id), [manifest.short_id]);
  const [hotspot, setHotspot] = useState<SpinHotspot | null>(null);

  useEffect(() => {
    stats.view();
    loadAnalytics(manifest.analytics_tag);
  }, [stats, manifest.analytics_tag]);

  const onTurned = useCallback(() => stats.spin(), [stats]);
  const onHotspot = useCallback(
    (h: SpinHotspot) => {
      setHotspot(h);
      stats.hotspot(h.id);
    },
    [stats],
  );

  let spin: ReactNode;
  if (manifest.exterior && start) {
    spin = <Spin manifest={manifest} start={start} stage={stage} onTurned={onTurned} onHotspot={onHotspot} />;
  } else {
    spin = <p className="stage-empty">{t('no_exterior')}</p>;
  }
  return (
    <>
      {spin}
      <HotspotDialog hotspot={hotspot} onClose={() => setHotspot(null)} />
      {createPortal(null, below)}
    </>
  );
}
