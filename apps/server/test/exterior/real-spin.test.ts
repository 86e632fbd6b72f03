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

async function spinOf(spin: RealSpinClip) {
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
  for (const f of plan.files) shown.push(nearestView(await thumbnail(await readFile(f)), views));
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

const CLIPS: RealSpinClip[] = [
  { name: 'real-held', views: held() },
  {
    name: 'real-speed',
    views: walkViews([
      { frames: 60, speed: 0.3 },
      { frames: 30, speed: 0.5 },
      { frames: 40, speed: 0.25 },
      { frames: 20, speed: 0.5 },
      { frames: 60, speed: 0.35 },
    ]),
  },
  {
    name: 'real-blur-noise',
    views: walkViews([{ frames: 170, speed: 0.33 }]),
    effects: ['tmix=frames=3', 'gblur=sigma=1.5', 'noise=alls=14:allf=t'],
  },
  {
    name: 'real-drift',
    views: walkViews([{ frames: 170, speed: 0.33 }]),
    effects: [
      "rotate=a='0.02*sin(2*PI*t/5)':fillcolor=0x5a6068",
      "crop=w=440:h=196:x='20+18*sin(2*PI*t/7)':y='9+8*sin(2*PI*t/6)'",
      'scale=480:214',
    ],
  },
  {
    name: 'real-exposure',
    views: walkViews([{ frames: 170, speed: 0.33 }]),
    effects: ["eq=brightness='0.12*sin(2*PI*t/6)':contrast='1+0.15*sin(2*PI*t/4)':eval=frame"],
  },
  { name: 'real-short', views: walkViews([{ frames: 130, speed: 0.33 }]) },
];

/** Frame k of a 17-frame spin should show view 3k (51 views a turn, starting on view 0). */
const even = Array.from({ length: FRAMES }, (_, k) => 3 * k);

/** Never the same view twice, never a step back, the seam (last to first, round the turn) a step like the others. */
function expectOneTurn(shown: readonly number[], within: number) {
  for (const [k, view] of shown.entries())
    expect(Math.abs(view - even[k]!), `frame ${k}: ${shown}`).toBeLessThanOrEqual(within);
  for (let k = 1; k < shown.length; k++) expect(shown[k]!, `${shown}`).toBeGreaterThan(shown[k - 1]!);
  const seam = REAL_SPIN.views - shown.at(-1)! + shown[0]!;
  expect(seam).toBeGreaterThanOrEqual(3 - within);
  expect(seam).toBeLessThanOrEqual(3 + within);
}

describe('one turn of real photographs, found by what the frames show', () => {
  it('an exposure that brightens and darkens: every third view, 0, 3, ..., 48, within one; the extra tenth trimmed', async () => {
    const { shown, loop } = await spinOf(CLIPS[4]!);
    expectOneTurn(shown, 1);
    expect(loop.verdict).toBe('more_than_turn');
  });

  it('1.25 turns with the camera resting on every fourth view: one turn, within one view of even', async () => {
    const { shown, loop } = await spinOf(CLIPS[0]!);
    expectOneTurn(shown, 1);
    expect(loop.verdict).toBe('more_than_turn');
    expect(loop.extra_turn).toBeCloseTo(13 / 51, 1);
  });

  it('speeding up and slowing (0.25 to 0.5 views a frame): one turn, within three views of even', async () => {
    const { shown, loop } = await spinOf(CLIPS[1]!);
    expectOneTurn(shown, 3);
    expect(loop.verdict).toBe('more_than_turn');
  });

  it('motion blur and noise: one turn, within two views of even', async () => {
    const { shown, loop } = await spinOf(CLIPS[2]!);
    expectOneTurn(shown, 2);
    expect(loop.verdict).toBe('more_than_turn');
  });

  it('hand drift and a video short of its turn are not passed as one turn: the dealer is told', async () => {
    for (const c of [CLIPS[3]!, CLIPS[5]!]) {
      const { loop } = await spinOf(c);
      expect(['unsure', 'short_of_turn']).toContain(loop.verdict);
    }
  });
});
