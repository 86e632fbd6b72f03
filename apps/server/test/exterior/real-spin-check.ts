import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { planRow } from '../../src/modules/exterior/pipeline-plan.ts';
import { extractSpinFrames } from '../../src/platform/media/frame-extract.ts';
import { nearestView, REAL_SPIN, type RealSpinClip, realSpinVideo, thumbnail } from '../helpers/real-spin.ts';

/**
 * The spin the pipeline makes of a walk-around from the real photographs (helpers/real-spin.ts), read back as the
 * source view each of its frames shows, and the exact order it must have (docs/decisions.md "Spin: exact order").
 */

export const FRAMES = 17;

/** Output folders of one test file, removed by its afterAll through `removeSpinDirs`. */
const dirs: string[] = [];
export async function removeSpinDirs(): Promise<void> {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
}

/**
 * The row's plan of `spin` (17 frames, 4 candidates a frame), the source view each of its frames shows (read from
 * the stored picture against `reference`) and the view it was made from (by the frame's time).
 */
export async function spinOf(spin: RealSpinClip, reference: readonly Uint8Array[]) {
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
  // The view each frame was made from, by its time in the clip: what `shown` reads where drift blurs the reading.
  const made = plan.loop.frame_times.map(
    (t) => spin.views[Math.min(spin.views.length - 1, Math.round(t * REAL_SPIN.fps))]!,
  );
  return { shown, made, loop: plan.loop };
}

/** Frame k of a 17-frame spin should show view 3k (51 views a turn, starting on view 0). */
const even = Array.from({ length: FRAMES }, (_, k) => 3 * k);

/**
 * One turn, each frame within `within` source views of its even place (view 3k), the views strictly increasing
 * (never one twice, never a step back), and the seam (last to first, round the turn) a step like the others.
 * EXACT is within one: one source view is the finest the 51 photographs can tell apart, and the spin's candidates
 * are a source frame apart at best.
 */
export function expectOneTurn(views: readonly number[], within: number, start = 0) {
  // Views counted from the row's first, round the turn.
  const shown = views.map((v) => (v - start + REAL_SPIN.views) % REAL_SPIN.views);
  for (const [k, view] of shown.entries())
    expect(Math.abs(view - even[k]!), `frame ${k}: ${views}`).toBeLessThanOrEqual(within);
  for (let k = 1; k < shown.length; k++) expect(shown[k]!, `${views}`).toBeGreaterThan(shown[k - 1]!);
  const seam = REAL_SPIN.views - shown.at(-1)! + shown[0]!;
  expect(seam).toBeGreaterThanOrEqual(3 - within);
  expect(seam).toBeLessThanOrEqual(3 + within);
}
export const EXACT = 1;

/** A walk whose speed (views a video frame) is a function of the frame, until `turns` turns are walked. */
export function pacedViews(turns: number, speed: (frame: number) => number): number[] {
  const views: number[] = [];
  let at = 0;
  for (let f = 0; at < turns * REAL_SPIN.views; f++) {
    views.push(Math.floor(at + 1e-9) % REAL_SPIN.views);
    at += speed(f);
  }
  return views;
}
