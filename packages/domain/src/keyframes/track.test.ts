import { describe, expect, it } from 'vitest';
import {
  forwardDistance,
  keyOffsets,
  lerp,
  setTrackKey,
  trackPlaceAt,
  trackProblems,
  trackSpan,
  trackValueAt,
} from './track.ts';

const k = (frame: number, v = 0) => ({ frame, v });
const valueAt = (keys: { frame: number; v: number }[], frame: number, n: number, wraps = false) =>
  trackValueAt(keys, frame, n, (key) => key.v, lerp, wraps);

describe('key-frame track', () => {
  it('measures forward round the circle', () => {
    expect(forwardDistance(33, 3, 36)).toBe(6);
    expect(forwardDistance(3, 33, 36)).toBe(30);
    expect(forwardDistance(5, 5, 36)).toBe(0);
    expect(keyOffsets([k(33), k(3), k(10)], 36)).toEqual([0, 6, 13]);
  });

  it('is present from the first key to the last along the spin, interpolated between', () => {
    const keys = [k(33, 0), k(3, 6)];
    expect(valueAt(keys, 33, 36)).toBe(0);
    expect(valueAt(keys, 0, 36)).toBe(3);
    expect(valueAt(keys, 3, 36)).toBe(6);
    expect(valueAt(keys, 4, 36)).toBeNull();
    expect(valueAt(keys, 20, 36)).toBeNull();
    expect(trackSpan(keys, 36)).toBe(7);
  });

  it('wraps round from the last key to the first when asked', () => {
    const keys = [k(0, 0), k(18, 18)];
    expect(valueAt(keys, 27, 36, true)).toBe(9);
    expect(trackPlaceAt(keys, 27, 36, true)).toEqual({ from: 1, to: 0, t: 0.5 });
    expect(trackSpan(keys, 36, true)).toBe(36);
  });

  it('keeps a lone key on its frame, or on every frame when it wraps', () => {
    expect(valueAt([k(4, 7)], 4, 36)).toBe(7);
    expect(valueAt([k(4, 7)], 5, 36)).toBeNull();
    expect(valueAt([k(4, 7)], 5, 36, true)).toBe(7);
    expect(valueAt([], 0, 36)).toBeNull();
    expect(valueAt([k(0)], 0, 0)).toBeNull();
  });

  it('sets a key in place, inside the arc in order, outside at the nearer end', () => {
    const keys = [k(0, 0), k(10, 10)];
    expect(setTrackKey(keys, k(10, 5), 36)).toEqual([k(0, 0), k(10, 5)]);
    expect(setTrackKey(keys, k(5, 5), 36)).toEqual([k(0, 0), k(5, 5), k(10, 10)]);
    expect(setTrackKey(keys, k(14, 1), 36)).toEqual([...keys, k(14, 1)]);
    expect(setTrackKey(keys, k(30, 1), 36)).toEqual([k(30, 1), ...keys]);
    // A tie goes forward; a wrapping track takes any frame after its last key.
    expect(setTrackKey(keys, k(23, 1), 36)).toEqual([...keys, k(23, 1)]);
    expect(setTrackKey(keys, k(30, 1), 36, true)).toEqual([...keys, k(30, 1)]);
    expect(setTrackKey([], k(3, 1), 36)).toEqual([k(3, 1)]);
  });

  it('names keys off the row, twice on a frame, or lapping the circle', () => {
    expect(trackProblems([k(30), k(5)], 36)).toEqual([]);
    expect(trackProblems([k(0), k(36)], 36)).toEqual([
      { path: [1, 'frame'], message: 'The row has 36 frames (0 to 35).' },
    ]);
    expect(trackProblems([k(3), k(3)], 36)).toEqual([
      { path: [1, 'frame'], message: 'A frame has one key frame at most.' },
    ]);
    expect(trackProblems([k(0), k(20), k(10)], 36)).toEqual([
      { path: [], message: 'The key frames go round the spin more than once.' },
    ]);
  });
});
