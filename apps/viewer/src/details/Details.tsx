import type { PublishedManifest } from '@spinyard/domain';
import { isFact } from '../Dealer.tsx';
import { useI18n, type ViewerLocale } from '../i18n/i18n.ts';
import { Picture } from '../Picture.tsx';
import { type SpinHotspot, safeUrl } from '../page-data.ts';
import DamageMap from './DamageMap.tsx';
import { type Labels, useLabels } from './use-labels.ts';

const CHOICE_KEYS = new Set(['handle', 'repair_history', 'statutory_inspection', 'vehicle_inspection']);

function formatValue(key: string, value: string | number, locale: ViewerLocale, labels: Labels): string {
  if (CHOICE_KEYS.has(key) && typeof value === 'string') {
    const choices = (labels.choices as Record<string, Record<string, string>>)[key];
    return choices?.[value] ?? value;
  }
  if (typeof value !== 'number') return value;
  const n = new Intl.NumberFormat(locale);
  if (key === 'mileage') return `${n.format(value)} km`;
  if (key === 'displacement') return `${n.format(value)} cc`;
  if (key === 'price_with_tax' || key === 'total_price_with_tax') {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: 'JPY' }).format(value);
  }
  return String(value);
}

/**
 * What the vehicle has besides its 360 views: category images, video links, the basic info the dealer chose to
 * show, the inspection, the development view (when shown below the content) and the damage list. Every value is text (React writes text nodes); every URL is checked.
 */
export default function Details({ manifest, damage }: { manifest: PublishedManifest; damage: readonly SpinHotspot[] }) {
  const { t, locale } = useI18n();
  const labels = useLabels();
  if (!labels) return null;

  // The store, phone and mail are the dealer's block (Dealer.tsx), above.
  const info = manifest.basic_info.filter(isFact);
  const inspection = manifest.inspection;
  return (
    <div className="details">
      {manifest.category_images.length > 0 && (
        <section aria-labelledby="details-images">
          <h2 id="details-images">{t('section_images')}</h2>
          <ul className="gallery">
            {manifest.category_images.map((c) => {
              const r = c.image.renditions.display ?? c.image.renditions.thumbnail;
              if (!r) return null;
              const category = (labels.categories as Record<string, string>)[c.category] ?? c.category;
              return (
                <li key={c.order}>
                  <figure>
                    <Picture image={r} alt={c.caption || category} loading="lazy" />
                    <figcaption>{c.caption || category}</figcaption>
                  </figure>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {manifest.video_links.length > 0 && (
        <section aria-labelledby="details-videos">
          <h2 id="details-videos">{t('section_videos')}</h2>
          <ul className="gallery">
            {manifest.video_links.map((v) => (
              <li key={v.order}>
                <a href={safeUrl(v.watch_url)} target="_blank" rel="noopener noreferrer" className="video-link">
                  <img src={safeUrl(v.thumbnail_url)} alt="" width={320} height={180} loading="lazy" />
                  <span>{v.caption || t('watch_video')}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {info.length > 0 && (
        <section aria-labelledby="details-info">
          <h2 id="details-info">{t('section_info')}</h2>
          <dl className="facts">
            {info.map((b) => (
              <div key={b.key}>
                <dt>{(labels.fields as Record<string, string>)[b.key] ?? b.key}</dt>
                <dd>{formatValue(b.key, b.value ?? '', locale, labels)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {inspection && (
        <section aria-labelledby="details-inspection">
          <h2 id="details-inspection">{t('section_inspection')}</h2>
          <dl className="facts">
            {inspection.inspector_name !== '' && (
              <div>
                <dt>{t('inspector')}</dt>
                <dd>{inspection.inspector_name}</dd>
              </div>
            )}
            {inspection.inspected_on !== '' && (
              <div>
                <dt>{t('inspected_on')}</dt>
                <dd>{inspection.inspected_on}</dd>
              </div>
            )}
            {inspection.comment !== '' && (
              <div>
                <dt>{t('comment')}</dt>
                <dd className="pre-line">{inspection.comment}</dd>
              </div>
            )}
          </dl>
          {inspection.marks.length > 0 && (
            <ul className="marks">
              {inspection.marks.map((m, i) => (
                <li key={`${m.panel}-${m.symbol}-${i}`}>
                  {(labels.panels as Record<string, string>)[m.panel] ?? m.panel}:{' '}
                  {(labels.symbols as Record<string, string>)[m.symbol] ?? m.symbol}
                  {m.level === null ? '' : ` (${m.symbol}${m.level})`}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {manifest.display.development_view === 'outside' && (manifest.damage_map?.length ?? 0) > 0 && (
        <section aria-labelledby="details-damage-map">
          <h2 id="details-damage-map">{t('damage_map')}</h2>
          <DamageMap marks={manifest.damage_map ?? []} />
        </section>
      )}
      {manifest.display.defects && damage.length > 0 && (
        <section aria-labelledby="details-defects">
          <h2 id="details-defects">{t('defects')}</h2>
          <ul className="marks">
            {damage.map((h) => (
              <li key={h.id}>
                {h.title}
                {h.damage_position ? ` (${h.damage_position})` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
