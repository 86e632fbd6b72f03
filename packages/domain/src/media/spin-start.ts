import { EXTERIOR_CENTER_ANGLES } from '../constants.ts';
import type { PublishedManifest } from '../schemas/publishing.ts';

/** Where the spin opens (0-based): the viewer page and the call's shared view open on the same frame. */
export interface SpinStart {
  row: number;
  frame: number;
}

/**
 * The frame the spin opens on: the row the dealer chose, and the frame of the chosen angle, frame 0 being the
 * front and the frames turning right (clockwise seen from above) as their numbers grow.
 */
export function spinStart(manifest: PublishedManifest): SpinStart | null {
  const exterior = manifest.exterior;
  if (!exterior) return null;
  const row = Math.min(Math.max(exterior.initial_row - 1, 0), exterior.rows.length - 1);
  const count = exterior.rows[row]?.frames.length ?? 0;
  if (count === 0) return null;
  const degrees = EXTERIOR_CENTER_ANGLES.find((a) => a.id === exterior.initial_angle)?.degrees ?? 0;
  const frame = (((Math.round((degrees / 360) * count) % count) + count) % count) as number;
  return { row, frame };
}
