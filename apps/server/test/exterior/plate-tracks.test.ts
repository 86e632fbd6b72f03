import { regionBoxAt, regionProblems } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { type FoundPlate, trackPlates } from '../../src/modules/exterior/plate-tracks.ts';

/** Plate detections frame by frame joined into the blur editor's regions (plate-tracks.ts): pure geometry. */

const N = 36;
const at = (x: number, y = 0.6): FoundPlate => ({ box: { x, y, w: 0.1, h: 0.05 }, confidence: 0.9 });
/** A spin of N frames with a plate found on `frames` (moving right a little each frame). */
const spin = (frames: readonly number[], extra: Record<number, FoundPlate[]> = {}) =>
  Array.from({ length: N }, (_, f) => [...(frames.includes(f) ? [at(0.3 + f * 0.002)] : []), ...(extra[f] ?? [])]);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('trackPlates', () => {
  it('joins one plate over the frames it is seen on, holding it where detection flickers', () => {
    const regions = trackPlates(spin([3, 4, 6, 7, 9, 10]));
    expect(regions).toHaveLength(1);
    const [plate] = regions;
    expect(plate!.all_frames).toBe(false);
    // One frame beyond each end, the box held there.
    expect(plate!.keys.map((k) => k.frame)).toEqual([2, 3, 4, 6, 7, 9, 10, 11]);
    // The missed frames 5 and 8 are between keys: the box is interpolated there.
    expect(regionBoxAt(plate!, 5, N)!.x).toBeCloseTo((at(0.3 + 4 * 0.002).box.x + at(0.3 + 6 * 0.002).box.x) / 2, 4);
    expect(regionBoxAt(plate!, 8, N)).not.toBeNull();
    expect(regionBoxAt(plate!, 13, N)).toBeNull();
    expect(regionProblems(plate!, N)).toEqual([]);
  });

  it('ends a plate after a gap longer than MAX_GAP frames: the car turned its side', () => {
    const regions = trackPlates(spin([2, 3, 4, 12, 13, 14]));
    expect(regions).toHaveLength(2);
    expect(regions.map((r) => r.keys.map((k) => k.frame))).toEqual([
      [1, 2, 3, 4, 5],
      [11, 12, 13, 14, 15],
    ]);
  });

  it('crosses the seam of the circle: a plate seen on the last and first frames is one region', () => {
    const regions = trackPlates(spin([33, 34, 35, 0, 1, 2]));
    expect(regions).toHaveLength(1);
    expect(regions[0]!.keys.map((k) => k.frame)).toEqual([32, 33, 34, 35, 0, 1, 2, 3]);
    expect(regionProblems(regions[0]!, N)).toEqual([]);
  });

  it('a plate seen all round is on every frame', () => {
    const regions = trackPlates(spin(range(0, 35).filter((f) => f % 3 !== 0 || f === 0)));
    expect(regions).toHaveLength(1);
    expect(regions[0]!.all_frames).toBe(true);
    expect(range(0, 35).every((f) => regionBoxAt(regions[0]!, f, N) !== null)).toBe(true);
  });

  it('drops a find seen on one frame only, and keeps two plates apart', () => {
    const front = [20, 21, 22];
    const regions = trackPlates(
      spin([3, 4, 5], { 9: [at(0.7, 0.2)], ...Object.fromEntries(front.map((f) => [f, [at(0.6)]])) }),
    );
    expect(regions.map((r) => r.keys.map((k) => k.frame))).toEqual([
      [2, 3, 4, 5, 6],
      [19, 20, 21, 22, 23],
    ]);
  });
});
