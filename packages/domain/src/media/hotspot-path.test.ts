import { describe, expect, it } from 'vitest';
import { type HotspotKeyFrame, hotspotFrames, hotspotKeyProblems, hotspotPositionAt } from './hotspot-path.ts';

const k = (frame: number, x: number, y: number): HotspotKeyFrame => ({ frame, x, y });

describe('hotspotPositionAt', () => {
  it.each([
    { name: 'on the first key frame', keys: [k(2, 0.1, 0.2), k(6, 0.5, 0.6)], frame: 2, want: { x: 0.1, y: 0.2 } },
    { name: 'on the last key frame', keys: [k(2, 0.1, 0.2), k(6, 0.5, 0.6)], frame: 6, want: { x: 0.5, y: 0.6 } },
    { name: 'half-way, linear', keys: [k(2, 0.1, 0.2), k(6, 0.5, 0.6)], frame: 4, want: { x: 0.3, y: 0.4 } },
    { name: 'before the range: hidden', keys: [k(2, 0.1, 0.2), k(6, 0.5, 0.6)], frame: 1, want: null },
    { name: 'after the range: hidden', keys: [k(2, 0.1, 0.2), k(6, 0.5, 0.6)], frame: 7, want: null },
    { name: 'one key: on its frame', keys: [k(5, 0.3, 0.3)], frame: 5, want: { x: 0.3, y: 0.3 } },
    { name: 'one key: hidden elsewhere', keys: [k(5, 0.3, 0.3)], frame: 6, want: null },
    { name: 'no keys', keys: [], frame: 0, want: null },
    { name: 'a frame outside the row', keys: [k(0, 0.3, 0.3), k(3, 0.3, 0.3)], frame: 36, want: null },
    // Wrap-around: keyed on 34 and 2 of 36 covers 34, 35, 0, 1, 2 (4 steps).
    { name: 'wraps: frame 0', keys: [k(34, 0.8, 0.5), k(2, 0.4, 0.5)], frame: 0, want: { x: 0.6, y: 0.5 } },
    { name: 'wraps: frame 35', keys: [k(34, 0.8, 0.5), k(2, 0.4, 0.5)], frame: 35, want: { x: 0.7, y: 0.5 } },
    { name: 'wraps: frame 10 hidden', keys: [k(34, 0.8, 0.5), k(2, 0.4, 0.5)], frame: 10, want: null },
    // A bend: three keys, each stretch its own line.
    {
      name: 'bend, first stretch',
      keys: [k(0, 0, 0), k(2, 0.2, 0.4), k(6, 0.6, 0)],
      frame: 1,
      want: { x: 0.1, y: 0.2 },
    },
    {
      name: 'bend, second stretch',
      keys: [k(0, 0, 0), k(2, 0.2, 0.4), k(6, 0.6, 0)],
      frame: 4,
      want: { x: 0.4, y: 0.2 },
    },
  ])('$name', ({ keys, frame, want }) => {
    const got = hotspotPositionAt(keys, frame, 36);
    if (want === null) expect(got).toBeNull();
    else {
      expect(got?.x).toBeCloseTo(want.x, 10);
      expect(got?.y).toBeCloseTo(want.y, 10);
    }
  });

  it('stays inside the segment between its key points on every visible frame (property)', () => {
    for (let seed = 0; seed < 200; seed++) {
      const n = 8 + (seed % 60);
      const a = (seed * 7) % n;
      const gap = 1 + ((seed * 13) % (n - 1));
      const keys = [k(a, (seed % 10) / 10, 0.5), k((a + gap) % n, ((seed * 3) % 10) / 10, 0.25)];
      const frames = hotspotFrames(keys, n);
      expect(frames.length).toBe(gap + 1);
      for (const f of frames) {
        const p = hotspotPositionAt(keys, f, n)!;
        expect(p.x).toBeGreaterThanOrEqual(Math.min(keys[0]!.x, keys[1]!.x) - 1e-12);
        expect(p.x).toBeLessThanOrEqual(Math.max(keys[0]!.x, keys[1]!.x) + 1e-12);
        expect(p.y).toBeGreaterThanOrEqual(0.25 - 1e-12);
        expect(p.y).toBeLessThanOrEqual(0.5 + 1e-12);
      }
    }
  });
});

describe('hotspotKeyProblems', () => {
  it('accepts keys inside the row, each once, not lapping', () => {
    expect(hotspotKeyProblems([k(30, 0, 0), k(5, 0, 0)], 36)).toEqual([]);
  });
  it('names a frame outside the row', () => {
    expect(hotspotKeyProblems([k(0, 0, 0), k(36, 0, 0)], 36)).toEqual([
      { path: [1, 'frame'], message: 'The row has 36 frames (0 to 35).' },
    ]);
  });
  it('names a frame keyed twice', () => {
    expect(hotspotKeyProblems([k(3, 0, 0), k(3, 0.1, 0)], 36)[0]?.path).toEqual([1, 'frame']);
  });
  it('refuses keys that lap the circle', () => {
    expect(hotspotKeyProblems([k(0, 0, 0), k(20, 0, 0), k(10, 0, 0)], 36)[0]?.path).toEqual([]);
  });
});
