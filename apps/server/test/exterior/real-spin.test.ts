import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRow } from '../../src/modules/exterior/pipeline-plan.ts';
import { extractSpinFrames } from '../../src/platform/media/frame-extract.ts';
import {
  nearestView,
  REAL_SPIN,
  type RealSpinClip,
  realSpinVideo,
  thumbnail,
  type ViewCrop,
  viewThumbnails,
  walkViews,
} from '../helpers/real-spin.ts';

const FRAMES = 17;
const dirs: string[] = [];
let views: Uint8Array[];
beforeAll(async () => {
  views = await viewThumbnails();
});
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function spinOf(spin: RealSpinClip, reference = views) {
  const file = await realSpinVideo(spin);
  const outDir = await mkdtemp(path.join(tmpdir(), 'spinyard-real-'));
  dirs.push(outDir);
  const seconds = spin.views.length / REAL_SPIN.fps;
  const extracted = await extractSpinFrames(file, {
    durationSeconds: seconds,
    candidates: 4 * FRAMES,
    width: REAL_SPIN.width,
    height: REAL_SPIN.height,
    outDir,
    fps: 15,
    signatureWidth: 32,
    timeoutMs: 60_000,
    maxSeconds: 600,
    maxPixels: 4096 * 2160,
    maxSignatures: 10_000,
  });
  const plan = planRow(
    { frames: extracted.signatures.frames, times: extracted.signatures.times, candidates: extracted.candidates },
    FRAMES,
    false,
  );
  const shown: number[] = [];
  for (const f of plan.files) shown.push(nearestView(await thumbnail(await readFile(f)), reference));
  return { shown, loop: plan.loop };
}

const held = (): number[] => {
  const out: number[] = [];
  for (let v = 0; v < 64; v++) {
    const hold = v % 4 === 1 ? 16 : 2 + (v % 3);
    for (let i = 0; i < hold; i++) out.push(v % 51);
  }
  return out;
};

const UPPER_CROP: ViewCrop = { left: 40, top: 50, width: 400, height: 150 };

/** A steady walk of `turns` turns at a third of a view a video frame (51 views a turn). */
const steady = (name: string, turns: number, effects?: string[]): RealSpinClip => ({
  name,
  views: walkViews([{ frames: Math.round((turns * REAL_SPIN.views) / 0.33), speed: 0.33 }]),
  ...(effects ? { effects } : {}),
});

const CLIPS = {
  held: { name: 'real-held', views: held() },
  speed: {
    name: 'real-speed',
    views: walkViews([
      { frames: 60, speed: 0.3 },
      { frames: 30, speed: 0.5 },
      { frames: 40, speed: 0.25 },
      { frames: 20, speed: 0.5 },
      { frames: 60, speed: 0.35 },
    ]),
  },
  blurNoise: steady('real-blur-noise', 1.1, ['tmix=frames=3', 'gblur=sigma=1.5', 'noise=alls=14:allf=t']),
  drift: steady('real-drift', 1.1, [
    "rotate=a='0.02*sin(2*PI*t/5)':fillcolor=0x5a6068",
    "crop=w=440:h=196:x='20+18*sin(2*PI*t/7)':y='9+8*sin(2*PI*t/6)'",
    'scale=480:214',
  ]),
  exposure: steady('real-exposure', 1.1, [
    "eq=brightness='0.12*sin(2*PI*t/6)':contrast='1+0.15*sin(2*PI*t/4)':eval=frame",
  ]),
  short6: steady('real-short-0.6', 0.6),
  short9: steady('real-short-0.9', 0.9),
  turns15: steady('real-turns-1.5', 1.5),
  turns2: steady('real-turns-2', 2),
  // A second row of an obvr spin, from the same photographs since the package has one row: the camera higher (the
  // top of the picture cropped off, so the car sits lower and larger), a brighter sky and a row that starts at
  // another view (10), as a second walk round the car would. Its rows must each be exact on their own.
  upperRow: {
    name: 'real-upper-row',
    views: walkViews([{ frames: Math.round((1.1 * REAL_SPIN.views) / 0.33), speed: 0.33 }], 10),
    effects: [
      `crop=w=${UPPER_CROP.width}:h=${UPPER_CROP.height}:x=${UPPER_CROP.left}:y=${UPPER_CROP.top}`,
      'scale=480:214',
      'eq=brightness=0.08:contrast=1.15',
    ],
  },
} satisfies Record<string, RealSpinClip>;

/** Frame k of a 17-frame spin should show view 3k (51 views a turn, starting on view 0). */
const even = Array.from({ length: FRAMES }, (_, k) => 3 * k);

/**
 * One turn, each frame within `within` source views of its even place (view 3k), the views strictly increasing
 * (never one twice, never a step back), and the seam (last to first, round the turn) a step like the others.
 * EXACT is within one: one source view is the finest the 51 photographs can tell apart, and the spin's candidates
 * are a source frame apart at best.
 */
function expectOneTurn(views: readonly number[], within: number, start = 0) {
  // Views counted from the row's first, round the turn.
  const shown = views.map((v) => (v - start + REAL_SPIN.views) % REAL_SPIN.views);
  for (const [k, view] of shown.entries())
    expect(Math.abs(view - even[k]!), `frame ${k}: ${views}`).toBeLessThanOrEqual(within);
  for (let k = 1; k < shown.length; k++) expect(shown[k]!, `${views}`).toBeGreaterThan(shown[k - 1]!);
  const seam = REAL_SPIN.views - shown.at(-1)! + shown[0]!;
  expect(seam).toBeGreaterThanOrEqual(3 - within);
  expect(seam).toBeLessThanOrEqual(3 + within);
}
const EXACT = 1;

describe('one turn of real photographs, found by what the frames show', () => {
  it('an exposure that brightens and darkens: exactly every third view, 0, 3, ..., 48; the extra tenth trimmed', async () => {
    const { shown, loop } = await spinOf(CLIPS.exposure);
    expectOneTurn(shown, EXACT);
    expect(loop.verdict).toBe('more_than_turn');
  });

  it('1.25 turns with the camera resting on every fourth view: exactly one turn', async () => {
    const { shown, loop } = await spinOf(CLIPS.held);
    expectOneTurn(shown, EXACT);
    expect(loop.verdict).toBe('more_than_turn');
    expect(loop.extra_turn).toBeCloseTo(13 / 51, 1);
  });

  it('motion blur and noise: exactly one turn', async () => {
    const { shown, loop } = await spinOf(CLIPS.blurNoise);
    expectOneTurn(shown, EXACT);
    expect(loop.verdict).toBe('more_than_turn');
  });

  it('1.5 and 2 turns: exactly one turn kept, the rest said', async () => {
    for (const [c, extra] of [
      [CLIPS.turns15, 0.5],
      [CLIPS.turns2, 1],
    ] as const) {
      const { shown, loop } = await spinOf(c);
      expectOneTurn(shown, EXACT);
      expect(loop.verdict).toBe('more_than_turn');
      expect(loop.extra_turn).toBeCloseTo(extra, 1);
    }
  });

  it('two rows (obvr): each row one turn, exact from its own start', async () => {
    const upper = await viewThumbnails(UPPER_CROP);
    for (const [c, start, reference] of [
      [CLIPS.exposure, 0, views],
      [CLIPS.upperRow, 10, upper],
    ] as const) {
      const { shown, loop } = await spinOf(c, reference);
      expectOneTurn(shown, EXACT, start);
      expect(loop.verdict).toBe('more_than_turn');
    }
  });

  it('0.6 and 0.9 of a turn: short_of_turn, never a loop closed where the far side looks like the start', async () => {
    for (const c of [CLIPS.short6, CLIPS.short9]) {
      const { shown, loop } = await spinOf(c);
      expect(loop.verdict).toBe('short_of_turn');
      expect(loop.outcome).toBe('short_of_turn');
      // The whole video is the spin: its frames run to the last view shown, not to half a turn (view 25).
      const last = c.views.at(-1)!;
      expect(Math.abs(shown.at(-1)! - last), `${shown}`).toBeLessThanOrEqual(3);
      for (let k = 1; k < shown.length; k++) expect(shown[k]!, `${shown}`).toBeGreaterThan(shown[k - 1]!);
    }
  });

  it('hand drift (1.3 pixels of 32, a wandering rotation): the turn closes at the start, not at its look-alike', async () => {
    const { shown, loop } = await spinOf(CLIPS.drift);
    // Not yet exact: the drift adds to every step, which the angle reads as motion (issue 18, left).
    expectOneTurn(shown, 2);
    expect(loop.verdict).toBe('more_than_turn');
    expect(loop.extra_turn).toBeLessThan(0.2);
  });

  it('speeding up and slowing (0.25 to 0.5 views a frame): one turn, within three views of even', async () => {
    // Not yet exact: the angle is the time the camera moves, so a faster stretch is read as a slower one.
    const { shown, loop } = await spinOf(CLIPS.speed);
    expectOneTurn(shown, 3);
    expect(loop.verdict).toBe('more_than_turn');
  });
});
