import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  evenFramePositions,
  findEarlyClose,
  findEarlyTurn,
  findLoopClose,
  findTurn,
  loopJump,
  nearestFrames,
  planLoop,
  positionTimes,
} from '@spinyard/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { extractSpinFrames } from '../../src/platform/media/frame-extract.ts';
import { FrameSignatureError } from '../../src/platform/media/frame-signatures.ts';
import { TURNTABLE, turntableVideo } from '../helpers/turntable.ts';

/**
 * The seamless loop on real video: a turntable scene filmed for 10 s at 30 fps with camera noise and H.264 on
 * top, read by ffmpeg into signatures (15 a second), then the domain's loop rule. The jump is measured on the
 * signatures: the difference from the spin's last frame back to its first, against its median step.
 */

const FPS = 15;
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The pipeline's own decode pass (signatures and a few small candidates), as the exterior job runs it. */
async function signaturesOf(
  file: string,
  options: { timeoutMs?: number; maxSignatures?: number; signal?: AbortSignal },
) {
  const outDir = await mkdtemp(path.join(tmpdir(), 'spinyard-loop-'));
  dirs.push(outDir);
  const extraction = await extractSpinFrames(file, {
    durationSeconds: TURNTABLE.seconds,
    candidates: 4,
    width: 64,
    height: 36,
    outDir,
    fps: FPS,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxSeconds: 600,
    maxPixels: 4096 * 2160,
    maxSignatures: options.maxSignatures ?? 1000,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return extraction.signatures;
}
const read = async (turns: number) => signaturesOf(await turntableVideo(turns), {});

/** The same pass stopped, as the pipeline stops it, once `closedAt` says the turn has closed. */
async function decodeUntilClosed(
  file: string,
  candidates: number,
  closedAt: (frames: readonly Uint8Array[]) => boolean,
) {
  const outDir = await mkdtemp(path.join(tmpdir(), 'spinyard-loop-'));
  dirs.push(outDir);
  return extractSpinFrames(file, {
    durationSeconds: TURNTABLE.seconds,
    candidates,
    width: 64,
    height: 36,
    outDir,
    fps: FPS,
    timeoutMs: 30_000,
    maxSeconds: 600,
    maxPixels: 4096 * 2160,
    maxSignatures: 1000,
    closedAt,
  });
}

describe('seamless loop on a turntable video', () => {
  it('reads one signature per sampled frame with its time', async () => {
    const signatures = await read(1.25);
    expect(signatures).toMatchObject({ width: 32, height: 18 });
    expect(signatures.frames).toHaveLength(TURNTABLE.seconds * FPS);
    for (const f of signatures.frames) expect(f).toHaveLength(32 * 18);
    for (const [i, t] of signatures.times.entries()) expect(t).toBeCloseTo(i / FPS, 2);
    // Neighbouring frames differ (the scene moves), and no frame is blank.
    expect(signatures.frames[0]).not.toEqual(signatures.frames[1]);
    expect(Math.max(...signatures.frames[0]!)).toBeGreaterThan(Math.min(...signatures.frames[0]!) + 50);
  });

  it('the 1.25-turn video closes after 8 s and its 36 frames loop without a jump; spread over the whole video they jump', async () => {
    const { frames, times } = await read(1.25);
    const turnSeconds = TURNTABLE.seconds / 1.25;
    const plan = planLoop(frames, 36);
    expect(plan.reading.outcome).toBe('closed');
    // Within one sampled frame (1/15 s) of where the turn closes.
    const [closeTime] = positionTimes([plan.reading.close], times);
    expect(Math.abs(closeTime! - turnSeconds)).toBeLessThanOrEqual(1 / FPS);

    expect(plan.frames).toHaveLength(36);
    for (let i = 1; i < 36; i++) expect(plan.frames[i]!).toBeGreaterThan(plan.frames[i - 1]!);
    // The wrap looks like an ordinary step: against the median step, and against the steps either side of it.
    const seamless = loopJump(frames, plan.frames);
    expect(seamless.ratio).toBeLessThan(1.6);
    expect(seamless.localRatio).toBeGreaterThan(0.6);
    expect(seamless.localRatio).toBeLessThan(1.5);

    // Spread over the whole video, the last frame is a fifth of a turn short of the first: a jump.
    const naive = loopJump(frames, nearestFrames(evenFramePositions(frames.length, 36), frames.length));
    expect(naive.ratio).toBeGreaterThan(3);
    expect(naive.ratio).toBeGreaterThan(4 * seamless.ratio);
    expect(naive.localRatio).toBeGreaterThan(2.5);
  });

  it('the 1.5-turn video closes after two thirds of it', async () => {
    const { frames, times } = await read(1.5);
    const reading = findLoopClose(frames);
    expect(reading.outcome).toBe('closed');
    const [closeTime] = positionTimes([reading.close], times);
    expect(Math.abs(closeTime! - TURNTABLE.seconds / 1.5)).toBeLessThanOrEqual(1 / FPS);
  });

  it('the 1.0-turn video closes at its end, so the whole video is the turn', async () => {
    const { frames } = await read(1);
    const reading = findLoopClose(frames);
    expect(reading.outcome).toBe('closed');
    expect(Math.abs(reading.close - frames.length)).toBeLessThanOrEqual(1);
    const plan = planLoop(frames, 36);
    // The whole video is the turn: the last of 36 frames is one thirty-sixth of it before the end.
    expect(Math.abs(plan.positions.at(-1)! - (frames.length * 35) / 36)).toBeLessThanOrEqual(1);
    expect(loopJump(frames, plan.frames).localRatio).toBeLessThan(1.5);
  });

  it('a video short of a turn says so, and uses all of it as it nears its start to the end', async () => {
    const { frames } = await read(0.8);
    const reading = findLoopClose(frames);
    expect(reading.outcome).toBe('short_of_turn');
    expect(reading.close).toBeGreaterThan(frames.length - 1);
    expect(reading.close).toBeLessThanOrEqual(frames.length);
  });

  it('stops decoding at the early close: the 1.25-turn video ends after its turn, with the same close and whole candidates', async () => {
    const whole = await read(1.25);
    const early = await decodeUntilClosed(await turntableVideo(1.25), 40, (f) => findEarlyClose(f) !== undefined);
    expect(early.stoppedEarly).toBe(true);
    // The turn closes at 8 s of 10: decoding stopped well before the end, past the close.
    const turnFrames = (TURNTABLE.seconds / 1.25) * FPS;
    expect(early.signatures.frames.length).toBeGreaterThan(turnFrames);
    expect(early.signatures.frames.length).toBeLessThan(whole.frames.length - FPS / 2);
    const earlyClose = findLoopClose(early.signatures.frames).close;
    expect(Math.abs(earlyClose - findLoopClose(whole.frames).close)).toBeLessThanOrEqual(0.5);
    // Candidates cover the turn, and every one kept is a whole JPEG (the one ffmpeg was writing is left out).
    const [lastCandidate] = early.candidates.slice(-1);
    expect(lastCandidate!.seconds).toBeGreaterThan(TURNTABLE.seconds / 1.25);
    expect(early.candidates.length).toBeLessThan(40);
    for (const c of early.candidates) {
      const jpeg = await readFile(c.file);
      expect([jpeg[0], jpeg[1], jpeg.at(-2), jpeg.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    }
  });

  it('the pipeline’s early close never stops at a look-alike met soon after the start: a slow 0.6 turn is decoded whole', async () => {
    // Six tenths of a turn in 10 s past broad, smooth shapes came back near its start 13 moving frames in (1.8 s):
    // the early close stopped there and the spin was a tenth of a turn, said to be more than one (audit of 30 Nov).
    const extraction = await decodeUntilClosed(await turntableVideo(0.6), 4, (f) => findEarlyTurn(f) !== undefined);
    expect(extraction.stoppedEarly).toBe(false);
    expect(findTurn(extraction.signatures.frames).verdict).toBe('short_of_turn');
  });

  // Not yet reached (pace follow-up of 30 Nov, docs/decisions.md "Spin: pace follow-up"): this scene's gray
  // signatures come back near the start every tenth of a turn or so over its last third (differences of 0.07 to 0.13
  // at the dips, the true close 0.04, a step 0.06 to 0.1), so findTurn closes on the video's last frames, one_turn.
  it.todo(
    'findTurn: a turntable of 0.8 of a turn, and the 1.25-turn video cut at 0.7, 0.8, 0.9 of a turn, never one_turn (now one_turn each)',
  );

  it('stops ffmpeg at the frame bound, at the time limit and when the job is cancelled', async () => {
    const file = await turntableVideo(1.25);
    await expect(signaturesOf(file, { maxSignatures: 10 })).rejects.toMatchObject({
      reason: 'too_many_frames',
    });
    await expect(signaturesOf(file, { timeoutMs: 1 })).rejects.toMatchObject({ reason: 'timeout' });
    await expect(signaturesOf(file, { timeoutMs: 1 })).rejects.toBeInstanceOf(FrameSignatureError);
    const cancelled = new AbortController();
    const reading = signaturesOf(file, { signal: cancelled.signal });
    cancelled.abort();
    await expect(reading).rejects.toMatchObject({ reason: 'aborted' });
    const before = new AbortController();
    before.abort();
    await expect(signaturesOf(file, { signal: before.signal })).rejects.toMatchObject({
      reason: 'aborted',
    });
  });

  it('says ffmpeg failed on a file that is no video', async () => {
    await expect(signaturesOf(new URL(import.meta.url).pathname, {})).rejects.toMatchObject({
      reason: 'ffmpeg_failed',
    });
  });
});
