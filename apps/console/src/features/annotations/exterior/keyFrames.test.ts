import { hotspotKeyProblems, hotspotPositionAt } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { nudgeAt, placeKey, removeKey } from './keyFrames.ts';

const p = (x: number, y: number) => ({ x, y });

describe('placeKey', () => {
  it('starts the keys, then stretches the range to the nearer side', () => {
    let keys = placeKey([], 10, p(0.2, 0.5), 36);
    expect(keys).toEqual([{ frame: 10, x: 0.2, y: 0.5 }]);
    keys = placeKey(keys, 14, p(0.6, 0.5), 36);
    expect(keys.map((k) => k.frame)).toEqual([10, 14]);
    keys = placeKey(keys, 8, p(0.1, 0.5), 36);
    expect(keys.map((k) => k.frame)).toEqual([8, 10, 14]);
    keys = placeKey(keys, 30, p(0.1, 0.5), 36);
    // 30 is 14 frames before 8 and 16 after 14: the range starts there, wrapping past frame 35.
    expect(keys.map((k) => k.frame)).toEqual([30, 8, 10, 14]);
    expect(hotspotKeyProblems(keys, 36)).toEqual([]);
  });

  it('adds a key inside the range in its place along the spin, and moves an existing one', () => {
    let keys = placeKey(placeKey([], 34, p(0.9, 0.5), 36), 4, p(0.1, 0.5), 36);
    expect(keys.map((k) => k.frame)).toEqual([34, 4]);
    keys = placeKey(keys, 1, p(0.5, 0.2), 36);
    expect(keys.map((k) => k.frame)).toEqual([34, 1, 4]);
    keys = placeKey(keys, 1, p(0.4, 0.3), 36);
    expect(keys[1]).toEqual({ frame: 1, x: 0.4, y: 0.3 });
    expect(hotspotPositionAt(keys, 0, 36)).not.toBeNull();
  });

  it('keeps the point inside the frame', () => {
    expect(placeKey([], 0, p(1.3, -0.2), 36)[0]).toEqual({ frame: 0, x: 1, y: 0 });
  });
});

describe('nudgeAt and removeKey', () => {
  const keys = [
    { frame: 2, x: 0.2, y: 0.5 },
    { frame: 6, x: 0.6, y: 0.5 },
  ];
  it('turns an interpolated point into a key where it is nudged', () => {
    const moved = nudgeAt(keys, 4, 0, -0.1, 36);
    expect(moved).toEqual([keys[0], { frame: 4, x: 0.4, y: 0.4 }, keys[1]]);
    expect(nudgeAt(keys, 20, 0.1, 0, 36)).toEqual(keys);
  });
  it('removes a key but never the last one', () => {
    expect(removeKey(keys, 6)).toEqual([keys[0]]);
    expect(removeKey([keys[0]!], 2)).toEqual([keys[0]]);
  });
});
