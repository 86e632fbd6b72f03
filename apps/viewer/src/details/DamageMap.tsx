import type { DevelopmentViewPanel, InspectionMark } from '@spinyard/domain';
import { useI18n } from '../i18n/i18n.ts';
import { useLabels } from './use-labels.ts';

/** Where each panel sits on the unfolded body, seen from above, front at the top (the front label above y 0). */
const PANELS: Record<DevelopmentViewPanel, { x: number; y: number; w: number; h: number; round?: boolean }> = {
  front_bumper: { x: 100, y: 8, w: 100, h: 22 },
  bonnet: { x: 100, y: 34, w: 100, h: 62 },
  windshield: { x: 106, y: 100, w: 88, h: 30 },
  roof: { x: 106, y: 134, w: 88, h: 108 },
  rear_glass: { x: 106, y: 246, w: 88, h: 30 },
  trunk: { x: 100, y: 280, w: 100, h: 56 },
  rear_bumper: { x: 100, y: 340, w: 100, h: 22 },
  left_front_fender: { x: 40, y: 34, w: 54, h: 72 },
  left_front_door: { x: 40, y: 110, w: 54, h: 80 },
  left_rear_door: { x: 40, y: 194, w: 54, h: 80 },
  left_rear_fender: { x: 40, y: 278, w: 54, h: 72 },
  left_sill: { x: 18, y: 110, w: 18, h: 164 },
  right_front_fender: { x: 206, y: 34, w: 54, h: 72 },
  right_front_door: { x: 206, y: 110, w: 54, h: 80 },
  right_rear_door: { x: 206, y: 194, w: 54, h: 80 },
  right_rear_fender: { x: 206, y: 278, w: 54, h: 72 },
  right_sill: { x: 264, y: 110, w: 18, h: 164 },
  wheels: { x: 126, y: 370, w: 48, h: 24, round: true },
};

const codeOf = (m: InspectionMark) => `${m.symbol}${m.level ?? ''}`;

/**
 * The development view: the body unfolded, each panel the inspector marked tinted and carrying its auction-sheet
 * codes (`A2 U1`), as the sheets dealers know print them. The picture has a text equivalent naming every mark.
 */
export default function DamageMap({ marks }: { marks: readonly InspectionMark[] }) {
  const { t } = useI18n();
  const labels = useLabels();
  if (!labels) return null;
  const panelName = (p: string) => (labels.panels as Record<string, string>)[p] ?? p;
  const symbolName = (s: string) => (labels.symbols as Record<string, string>)[s] ?? s;
  const byPanel = new Map<string, InspectionMark[]>();
  for (const m of marks) byPanel.set(m.panel, [...(byPanel.get(m.panel) ?? []), m]);
  const described = [...byPanel.entries()]
    .map(([p, ms]) => `${panelName(p)}: ${ms.map((m) => `${symbolName(m.symbol)} ${codeOf(m)}`).join(', ')}`)
    .join('; ');

  return (
    <figure className="damage-map">
      <svg
        viewBox="0 -14 300 434"
        role="img"
        aria-label={t('damage_map_label', { marks: described || t('damage_none') })}
      >
        <text x="150" y="-12" className="damage-map-end" textAnchor="middle" dominantBaseline="hanging">
          {t('front')}
        </text>
        {(Object.keys(PANELS) as DevelopmentViewPanel[]).map((panel) => {
          const box = PANELS[panel];
          const codes = (byPanel.get(panel) ?? []).map(codeOf);
          const marked = codes.length > 0;
          const cls = `damage-panel${marked ? ' is-marked' : ''}`;
          return (
            <g key={panel} data-panel={panel} data-marks={codes.join(' ')}>
              <rect x={box.x} y={box.y} width={box.w} height={box.h} rx={box.round ? 12 : 4} className={cls} />
              {marked && (
                <text
                  x={box.x + box.w / 2}
                  y={box.y + box.h / 2}
                  textAnchor="middle"
                  dominantBaseline="central"
                  className="damage-codes"
                >
                  {codes.join(' ')}
                </text>
              )}
            </g>
          );
        })}
        <text x="150" y="416" className="damage-map-end" textAnchor="middle">
          {t('rear')}
        </text>
      </svg>
      <figcaption className="damage-legend">
        {[...new Set(marks.map((m) => m.symbol))].map((s) => (
          <span key={s}>
            <b>{s}</b> {symbolName(s)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
