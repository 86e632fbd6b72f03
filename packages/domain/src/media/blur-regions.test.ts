import { describe, expect, it } from 'vitest';
import {
  BLUR_LIMITS,
  type BlurBox,
  type BlurRegion,
  blurSigma,
  clampBox,
  framesWithRegions,
  moveBox,
  regionBoxAt,
  regionProblems,
  regionSpan,
  regionsAt,
  regionsOnFrame,
  removeKeyFrame,
  resizeBox,
  setKeyFrame,
} from './blur-regions.ts';

const N = 36;
const A: BlurBox = { x: 0.1, y: 0.5, w: 0.2, h: 0.1 };
const B: BlurBox = { x: 0.5, y: 0.7, w: 0.3, h: 0.2 };

const region = (keys: [number, BlurBox][], all_frames = false): BlurRegion => ({
  id: 'plate',
  shape: 'rect',
  all_frames,
  keys: keys.map(([frame, box]) => ({ frame, box })),
});

const close = (actual: BlurBox | null, expected: BlurBox) => {
  expect(actual).not.toBeNull();
  for (const k of ['x', 'y', 'w', 'h'] as const) expect(actual?.[k]).toBeCloseTo(expected[k], 10);
};

describe('regionBoxAt: linear interpolation between key frames', () => {
  it('is the key box on a key frame and the straight mix between two', () => {
    const r = region([
      [0, A],
      [18, B],
    ]);
    close(regionBoxAt(r, 0, N), A);
    close(regionBoxAt(r, 18, N), B);
    close(regionBoxAt(r, 9, N), { x: 0.3, y: 0.6, w: 0.25, h: 0.15 });
    close(regionBoxAt(r, 6, N), { x: 0.1 + 0.4 / 3, y: 0.5 + 0.2 / 3, w: 0.2 + 0.1 / 3, h: 0.1 + 0.1 / 3 });
  });

  it('is present from the first to the last key frame only, unless marked all frames', () => {
    const r = region([
      [0, A],
      [18, B],
    ]);
    expect(framesWithRegions([r], N)).toEqual(Array.from({ length: 19 }, (_, i) => i));
    expect(regionBoxAt(r, 19, N)).toBeNull();
    expect(regionBoxAt(r, 35, N)).toBeNull();
    expect(regionSpan(r, N)).toBe(19);
  });

  it('interpolates through every key frame in turn', () => {
    const C: BlurBox = { x: 0.0, y: 0.0, w: 0.5, h: 0.5 };
    const r = region([
      [2, A],
      [4, B],
      [10, C],
    ]);
    close(regionBoxAt(r, 3, N), { x: 0.3, y: 0.6, w: 0.25, h: 0.15 });
    close(regionBoxAt(r, 7, N), { x: 0.25, y: 0.35, w: 0.4, h: 0.35 });
    expect(regionBoxAt(r, 1, N)).toBeNull();
    expect(regionBoxAt(r, 11, N)).toBeNull();
  });

  it('crosses the seam of the spin: keys on 33 then 3 cover 33..35 and 0..3', () => {
    const r = region([
      [33, A],
      [3, B],
    ]);
    expect(framesWithRegions([r], N)).toEqual([0, 1, 2, 3, 33, 34, 35]);
    // Frame 0 is 3 steps of 6 from frame 33: halfway.
    close(regionBoxAt(r, 0, N), { x: 0.3, y: 0.6, w: 0.25, h: 0.15 });
    expect(regionBoxAt(r, 18, N)).toBeNull();
  });

  it('all frames: present everywhere, wrapping from the last key frame round to the first', () => {
    const r = region(
      [
        [0, A],
        [18, B],
      ],
      true,
    );
    expect(framesWithRegions([r], N)).toHaveLength(N);
    close(regionBoxAt(r, 9, N), { x: 0.3, y: 0.6, w: 0.25, h: 0.15 });
    // 27 is halfway from 18 (B) round to 36 = 0 (A).
    close(regionBoxAt(r, 27, N), { x: 0.3, y: 0.6, w: 0.25, h: 0.15 });
    // 35 is one step before A again: 17/18 of the way.
    close(regionBoxAt(r, 35, N), {
      x: 0.5 - (0.4 * 17) / 18,
      y: 0.7 - (0.2 * 17) / 18,
      w: 0.3 - (0.1 * 17) / 18,
      h: 0.2 - (0.1 * 17) / 18,
    });
  });

  it('one key frame: that frame only, or every frame with the same box when marked all frames', () => {
    const one = region([[5, A]]);
    expect(framesWithRegions([one], N)).toEqual([5]);
    close(regionBoxAt(one, 5, N), A);
    expect(regionBoxAt(one, 6, N)).toBeNull();
    const everywhere = region([[5, A]], true);
    expect(framesWithRegions([everywhere], N)).toHaveLength(N);
    close(regionBoxAt(everywhere, 30, N), A);
  });

  it('places several regions per frame in their order, and none with no keys', () => {
    const face: BlurRegion = { id: 'face', shape: 'ellipse', all_frames: false, keys: [{ frame: 1, box: B }] };
    const plate = region([
      [0, A],
      [2, A],
    ]);
    expect(regionsAt([plate, face], 1, N)).toEqual([
      { id: 'plate', shape: 'rect', box: A },
      { id: 'face', shape: 'ellipse', box: B },
    ]);
    expect(regionBoxAt({ ...plate, keys: [] }, 0, N)).toBeNull();
  });
});

describe('setKeyFrame: the editor adds and adjusts key frames', () => {
  it('draw on frame 0, move to frame 18 and adjust: frames 1..17 follow', () => {
    let r = region([[0, A]]);
    r = setKeyFrame(r, 18, B, N);
    expect(r.keys.map((k) => k.frame)).toEqual([0, 18]);
    expect(framesWithRegions([r], N)).toHaveLength(19);
    close(regionBoxAt(r, 9, N), { x: 0.3, y: 0.6, w: 0.25, h: 0.15 });
  });

  it('extends the arc at the nearer end: frame 34 after a key on 0 goes before it', () => {
    const r = setKeyFrame(region([[0, A]]), 34, B, N);
    expect(r.keys.map((k) => k.frame)).toEqual([34, 0]);
    expect(framesWithRegions([r], N)).toEqual([0, 34, 35]);
    const further = setKeyFrame(r, 4, A, N);
    expect(further.keys.map((k) => k.frame)).toEqual([34, 0, 4]);
  });

  it('inserts inside the arc in order and replaces a key frame in place', () => {
    let r = region([
      [30, A],
      [6, B],
    ]);
    r = setKeyFrame(r, 1, A, N);
    expect(r.keys.map((k) => k.frame)).toEqual([30, 1, 6]);
    r = setKeyFrame(r, 1, B, N);
    expect(r.keys.map((k) => k.frame)).toEqual([30, 1, 6]);
    expect(r.keys[1]?.box).toEqual(B);
  });

  it('all frames: a key anywhere round the circle goes after the last key before it', () => {
    const r = setKeyFrame(
      region(
        [
          [0, A],
          [18, B],
        ],
        true,
      ),
      27,
      A,
      N,
    );
    expect(r.keys.map((k) => k.frame)).toEqual([0, 18, 27]);
    expect(regionProblems(r, N)).toEqual([]);
  });

  it('removes a key frame, and the region with its last one', () => {
    const r = region([
      [0, A],
      [18, B],
    ]);
    expect(removeKeyFrame(r, 18)?.keys.map((k) => k.frame)).toEqual([0]);
    expect(removeKeyFrame(region([[3, A]]), 3)).toBeNull();
  });
});

describe('regionProblems', () => {
  it('accepts keys inside the row, each frame once, not lapping the circle', () => {
    expect(
      regionProblems(
        region([
          [33, A],
          [3, B],
        ]),
        N,
      ),
    ).toEqual([]);
  });

  it('names a frame outside the row, a repeated frame and keys that go round more than once', () => {
    expect(regionProblems(region([[36, A]]), N)[0]?.path).toEqual(['keys', 0, 'frame']);
    expect(
      regionProblems(
        region([
          [1, A],
          [1, B],
        ]),
        N,
      )[0]?.path,
    ).toEqual(['keys', 1, 'frame']);
    expect(
      regionProblems(
        region([
          [0, A],
          [20, B],
          [10, A],
        ]),
        N,
      )[0]?.path,
    ).toEqual(['keys']);
  });
});

describe('boxes and strength', () => {
  it('keeps boxes inside the frame and at least the minimum size', () => {
    expect(moveBox(A, 2, -2)).toEqual({ x: 0.8, y: 0, w: 0.2, h: 0.1 });
    expect(resizeBox(A, 5, -5)).toEqual({ x: 0.1, y: 0.5, w: 0.9, h: BLUR_LIMITS.minBoxSize });
    expect(clampBox({ x: -1, y: 0.99, w: 0, h: 2 })).toEqual({ x: 0, y: 0, w: BLUR_LIMITS.minBoxSize, h: 1 });
  });

  it('reduces regions to one frame for a preview', () => {
    const r = region([
      [0, A],
      [18, B],
    ]);
    const [only] = regionsOnFrame([r], 9, N);
    expect(only?.keys).toEqual([{ frame: 9, box: { x: 0.3, y: 0.6, w: 0.25, h: 0.15 } }]);
    expect(regionsOnFrame([r], 20, N)).toEqual([]);
  });

  it('scales the sigma with the image, so the preview looks like the full-size render', () => {
    expect(blurSigma(100, 1024)).toBeCloseTo(25.6);
    expect(blurSigma(50, 4096) / blurSigma(50, 1024)).toBeCloseTo(4);
    expect(blurSigma(1000, 1024)).toBe(blurSigma(100, 1024));
    expect(blurSigma(1, 16)).toBeGreaterThan(0);
  });
});
