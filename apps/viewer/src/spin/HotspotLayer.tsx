import { hotspotPositionAt } from '@spinyard/domain';
import { useI18n } from '../i18n/i18n.ts';
import { Icon } from '../icons.tsx';
import { type SpinHotspot, safeUrl } from '../page-data.ts';
import type { Box } from './geometry.ts';

/**
 * The exterior hotspots on the frame on screen, each where `hotspotPositionAt` puts it (interpolated between its key
 * frames), over the picture as drawn (zoom and pan included). Titles are text: React writes them as text nodes.
 */
export function HotspotLayer(props: {
  hotspots: readonly SpinHotspot[];
  frame: number;
  frameCount: number;
  box: Box | null;
  onOpen(hotspot: SpinHotspot): void;
}) {
  const { t } = useI18n();
  const { box } = props;
  if (!box || props.hotspots.length === 0) return null;
  return (
    <div className="hotspot-layer">
      {props.hotspots.map((h) => {
        const at = hotspotPositionAt(h.key_frames, props.frame, props.frameCount);
        if (!at) return null;
        // The hotspot's own icon, else the domain's for its type (the server put it in), else the standard marker.
        const icon = safeUrl(h.icon?.url);
        return (
          <button
            key={h.id}
            type="button"
            className="hotspot"
            data-hotspot-id={h.id}
            style={{ left: `${box.x + at.x * box.w}px`, top: `${box.y + at.y * box.h}px` }}
            aria-label={t('hotspot_open', { title: h.title })}
            onClick={() => props.onOpen(h)}
          >
            {icon ? (
              <img className="hotspot-icon" src={icon} alt="" width={40} height={40} />
            ) : (
              <span
                className={`hotspot-dot is-${h.icon.type}`}
                style={h.category === 'damage' ? { backgroundColor: h.damage_colour } : undefined}
                aria-hidden="true"
              >
                <Icon name={h.icon.type} />
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
