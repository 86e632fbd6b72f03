import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { EXTERIOR_SIZES, findEarlyTurn, spinFrameSize, VIDEO_BOUNDS } from '@spinyard/domain';
import { planRow, RAW_CANDIDATE_BYTES, SIGNATURE_WIDTH } from '../apps/server/src/modules/exterior/pipeline-plan.ts';
import { RENDER_PROCESSES, spinRenderSpec } from '../apps/server/src/modules/exterior/pipeline-render.ts';
import {
  CANDIDATE_OVERSAMPLING,
  extractTimeoutMs,
  MAX_FRAME_PIXELS,
} from '../apps/server/src/modules/exterior/pipeline-work.ts';
import { extractSpinFrames } from '../apps/server/src/platform/media/frame-extract.ts';
import { renderSpinFrames } from '../apps/server/src/platform/media/spin-renditions.ts';
import { probeVideo } from '../apps/server/src/platform/media/video-probe.ts';
import { CLIPS, makeClip } from './exterior-clips.ts';

/**
 * The exterior pipeline's steps one by one on the bench's clips, with the CPU seconds of each (this process and its
 * ffmpeg children apart): where the work beyond decoding goes, measurable while the machine is busy (CPU seconds
 * hold under load where wall times do not). The steps are the pipeline's own functions with its own options
 * (pipeline-work.ts, pipeline-render.ts): the probe, the one decode pass with its early close, the turn and the
 * frames chosen (printed, so a change can be checked to choose the same frames), the renders of every size.
 * Storing and the database are left out (bench/exterior-server.ts measures the whole).
 *
 *   node --import tsx bench/exterior-steps.ts
 *   BENCH_ONLY=no-b   only the clips whose name contains this text
 *   BENCH_REPEAT=3    runs per clip (the CPU figures' spread)
 *   BENCH_JPEG_CANDIDATES=1   the pass writes JPEG candidates whatever their size (as before raw candidates)
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
const TICK = 100; // Linux's USER_HZ: /proc's times are in hundredths of a second.

/** CPU seconds used so far by this process and, apart, by its children already waited for. */
function cpu(): { self: number; children: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // From the state on (field 3): utime 14, stime 15, cutime 16, cstime 17.
  const at = (n: number) => Number(fields[n - 3]);
  return { self: (at(14) + at(15)) / TICK, children: (at(16) + at(17)) / TICK };
}

async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const before = cpu();
  const start = performance.now();
  const out = await work();
  const after = cpu();
  const wall = (performance.now() - start) / 1000;
  const self = after.self - before.self;
  const kids = after.children - before.children;
  log(
    `  ${name.padEnd(10)} wall ${wall.toFixed(2).padStart(6)} s   CPU node ${self.toFixed(2).padStart(5)} s, ffmpeg ${kids.toFixed(2).padStart(6)} s`,
  );
  return out;
}

async function sizeOf(dir: string, pattern: RegExp): Promise<{ files: number; bytes: number }> {
  const names = (await readdir(dir)).filter((n) => pattern.test(n));
  let bytes = 0;
  for (const n of names) bytes += (await stat(path.join(dir, n))).size;
  return { files: names.length, bytes };
}

async function runClip(file: string, exteriorSize: 'full_hd' | '4k', frameCount: number): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-steps-'));
  try {
    const probe = await step('probe', () => probeVideo(file));
    if (!probe.ok) throw new Error(`probe failed: ${probe.detail}`);
    const video = probe.video;
    const box = EXTERIOR_SIZES.find((s) => s.id === exteriorSize)!;
    const size = spinFrameSize(video, box);
    const seconds = Math.min(video.durationSeconds, VIDEO_BOUNDS.maxSeconds);
    const outDir = path.join(dir, 'pass');
    await mkdir(outDir);
    const extracted = await step('pass', () =>
      extractSpinFrames(file, {
        durationSeconds: seconds,
        candidates: CANDIDATE_OVERSAMPLING * frameCount,
        width: size.width,
        height: size.height,
        colorMatrix: video.colorMatrix,
        fullRange: video.fullRange,
        closedAt: (frames) => findEarlyTurn(frames) !== undefined,
        outDir,
        fps: 15,
        signatureWidth: SIGNATURE_WIDTH,
        timeoutMs: extractTimeoutMs(seconds),
        maxSeconds: VIDEO_BOUNDS.maxSeconds,
        maxPixels: MAX_FRAME_PIXELS,
        maxSignatures: Math.ceil((seconds + 5) * 15 * 1.2),
        ...(process.env.BENCH_JPEG_CANDIDATES ? {} : { rawCandidateBytes: RAW_CANDIDATE_BYTES }),
      }),
    );
    const plan = await step('plan', async () =>
      planRow(
        {
          frames: extracted.signatures.frames,
          times: extracted.signatures.times,
          candidates: extracted.candidates,
          ...(extracted.stoppedEarly ? { stoppedAt: extracted.signatures.times.at(-1) ?? 0 } : {}),
        },
        frameCount,
        false,
      ),
    );
    const candidates = await sizeOf(outDir, /^cand-/);
    log(
      `  decoded to ${extracted.signatures.times.at(-1)?.toFixed(2)} s of ${seconds.toFixed(2)}` +
        ` (${extracted.stoppedEarly ? 'early close' : 'whole'}), ${extracted.signatures.frames.length} signatures,` +
        ` ${candidates.files} candidates (${(candidates.bytes / 1e6).toFixed(1)} MB)`,
    );
    const chosen = plan.files.map((f) => Number(/cand-(\d+)/.exec(f)?.[1]));
    log(`  outcome ${plan.loop.outcome}; chosen candidates ${chosen.join(',')}`);
    const renderDir = path.join(dir, 'render');
    await mkdir(renderDir);
    const spec = spinRenderSpec(exteriorSize, MAX_FRAME_PIXELS);
    const rendered = await step('renders', () =>
      renderSpinFrames(plan.files, size, spec, { outDir: renderDir, processes: RENDER_PROCESSES, timeoutMs: 600_000 }),
    );
    // One digest of every master and rendition, in the spin's order: equal digests, byte-identical spins.
    const digest = createHash('sha256');
    for (const frame of rendered) {
      digest.update(await readFile(frame.master));
      for (const r of Object.values(frame.renditions))
        digest.update(await readFile(r.jpeg)).update(await readFile(r.webp));
    }
    log(`  files' digest ${digest.digest('hex').slice(0, 16)}`);
    for (const name of Object.keys(spec.renditions)) {
      for (const ext of ['jpg', 'webp']) {
        const s = await sizeOf(renderDir, new RegExp(`^l\\d-${name}-\\d+\\.${ext}$`));
        if (s.files > 0) log(`    ${name} ${ext}: ${s.files} files, ${(s.bytes / s.files / 1024).toFixed(0)} kB each`);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_ONLY;
const repeat = Math.max(1, Number(process.env.BENCH_REPEAT ?? 1));
log(`Exterior pipeline step by step; ${cpus().length} x ${cpus()[0]?.model.trim()}, Node ${process.version}`);
for (const clip of CLIPS.filter((c) => !only || c.name.includes(only))) {
  const file = await makeClip(clip);
  for (let r = 0; r < repeat; r++) {
    log(
      `${clip.name} (run ${r + 1}), load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    await runClip(file, clip.exteriorSize, 36);
  }
}
