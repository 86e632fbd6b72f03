import type { BlurBox, BlurShape } from '@spinyard/domain';

export interface DrawnRegion {
  id: string;
  shape: BlurShape;
  box: BlurBox;
  /** Solid where the region has a key frame on this frame, dashed where its box is carried there. */
  key: boolean;
  selected: boolean;
  /** The selected region shown where it is not yet (its nearest key frame's box): dotted and faint. */
  ghost?: boolean;
}

const SELECTED = '#ffd43b';
const OTHER = '#ffffff';

/**
 * A region's outline in an SVG whose viewBox is the frame (0..1 both ways, stretched to the picture): strokes keep
 * their pixel width whatever the size, a dark halo under each line keeps it visible on a white car.
 */
export function RegionShape({ region, strokeWidth = 2 }: { region: DrawnRegion; strokeWidth?: number }) {
  const { box, shape } = region;
  const colour = region.selected ? SELECTED : OTHER;
  const dash = region.ghost ? '2 4' : region.key ? undefined : '6 4';
  const fill = region.selected && !region.ghost ? 'rgba(255, 212, 59, 0.18)' : 'none';
  const outline = (stroke: string, width: number, dashArray?: string, inside = 'none') =>
    shape === 'ellipse' ? (
      <ellipse
        cx={box.x + box.w / 2}
        cy={box.y + box.h / 2}
        rx={box.w / 2}
        ry={box.h / 2}
        stroke={stroke}
        strokeWidth={width}
        strokeDasharray={dashArray}
        fill={inside}
        vectorEffect="non-scaling-stroke"
      />
    ) : (
      <rect
        x={box.x}
        y={box.y}
        width={box.w}
        height={box.h}
        stroke={stroke}
        strokeWidth={width}
        strokeDasharray={dashArray}
        fill={inside}
        vectorEffect="non-scaling-stroke"
      />
    );
  return (
    <g data-region={region.id} data-key={region.key ? 'true' : 'false'} opacity={region.ghost ? 0.8 : 1}>
      {outline('rgba(0, 0, 0, 0.65)', strokeWidth + 2)}
      {outline(colour, strokeWidth, dash, fill)}
    </g>
  );
}
