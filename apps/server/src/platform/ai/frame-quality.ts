import type { AnalysisImage } from '../media/media.ts';
import { difference, median, sharpness, spread } from './image-stats.ts';

/**
 * Which frames of a spin row are blurred, duplicates or empty, by measured statistics (no model): the extra-image
 * removal's quality options (docs/decisions.md "AI options"; figures in docs/operations.md "Extra-image removal").
 * - empty: the gray levels spread less than EMPTY_SPREAD (a black, white or one-colour frame: lens cap, a wall);
 * - blurred: sharpness (variance of the Laplacian) under BLUR_SHARE of the row's median: a frame much softer than its
 *   row (motion blur of a quick step), judged against the same car and light, never against a fixed number;
 * - duplicate: less than DUPLICATE_DIFFERENCE gray levels on average from the frame before it that is kept (a pause
 *   of the walker: the same view twice), so of a run of the same view the first stays.
 * What it cannot do: it does not know a frame that is sharp but wrong (a person walking through), and in a row
 * where most frames are blurred the median is blurred too, so only the worst go. A row is never cut below
 * MIN_KEPT frames: then none of its frames is removed, and the dealer decides by eye.
 */

export const EMPTY_SPREAD = 6;
export const BLUR_SHARE = 0.35;
export const DUPLICATE_DIFFERENCE = 1.2;
export const MIN_KEPT = 8;
/** Width the frames are read at: enough for edges, small enough to read a row in well under a second. */
export const QUALITY_ANALYSIS_WIDTH = 160;

export interface QualityOptions {
  blurred: boolean;
  duplicates: boolean;
  empty: boolean;
}

export type FrameFault = 'empty' | 'blurred' | 'duplicate';

/** The fault of each frame of a row in turn order (null: kept). */
export function frameFaults(frames: readonly AnalysisImage[], options: QualityOptions): (FrameFault | null)[] {
  const spreads = frames.map(spread);
  const sharp = frames.map(sharpness);
  const nonEmpty = sharp.filter((_, i) => (spreads[i] ?? 0) >= EMPTY_SPREAD);
  const typical = median(nonEmpty);
  const faults: (FrameFault | null)[] = [];
  let lastKept: AnalysisImage | undefined;
  for (const [i, frame] of frames.entries()) {
    let fault: FrameFault | null = null;
    if ((spreads[i] ?? 0) < EMPTY_SPREAD) fault = options.empty ? 'empty' : null;
    else if (options.blurred && (sharp[i] ?? 0) < BLUR_SHARE * typical) fault = 'blurred';
    else if (options.duplicates && lastKept && difference(frame, lastKept) < DUPLICATE_DIFFERENCE) fault = 'duplicate';
    faults.push(fault);
    if (fault === null) lastKept = frame;
  }
  const kept = faults.filter((f) => f === null).length;
  return kept < MIN_KEPT ? faults.map(() => null) : faults;
}
