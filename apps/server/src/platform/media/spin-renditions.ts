import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPath, runBounded } from './ffmpeg.ts';
import { MASTER_QUALITY } from './frame-extract.ts';
import { mjpegArgs } from './jpeg-tables.ts';

/**
 * A spin's frames in every size the viewer needs, made by ffmpeg from the candidate JPEGs the decode pass chose
 * (frame-extract.ts), not by sharp: the frames of a spin all share one size and come 36 to 120 at once, which is a
 * video's work. ffmpeg streams them through one filter graph (decode, lanczos scaling, encode), so the picture never
 * enters Node's heap and its memory stays flat, and it takes about half the CPU of a sharp render of the same
 * outputs (docs/operations.md, the exterior pipeline). A JPEG candidate is itself the frame's master, untouched; raw
 * candidates (`.yuv`, the decode pass's `rawCandidateBytes`) are first encoded into the masters the pass would have
 * written, byte for byte, and rendered from them, so every output is the same as from JPEG candidates.
 *
 * The JPEGs are encoded with libjpeg's tables at the same quality scale sharp uses (jpeg-tables.ts); WebP is the same
 * libwebp sharp uses, at the same quality and method.
 */

export interface SpinRenditionSpec {
  /**
   * Widths by size name; a rendition is never wider than the frame. `webp: false` makes it as JPEG only, and its
   * `webp` in the answer then names that JPEG (docs/decisions.md, "Exterior: what the pipeline renders and when").
   */
  renditions: Record<string, { width: number; webp?: boolean }>;
  quality: { jpeg: number; webp: number };
  /** libwebp's method, 0 (fastest) to 6; sharp's `effort`. */
  webpEffort: number;
}

export interface RenderedSpinFrame {
  width: number;
  height: number;
  /** The frame's master: the input JPEG itself, or the JPEG made from a raw input. */
  master: string;
  /** Per size name, the files ffmpeg wrote (`webp` is the JPEG's file for a rendition made as JPEG only). */
  renditions: Record<string, { width: number; height: number; jpeg: string; webp: string }>;
}

export interface SpinRenderOptions {
  /** Where the outputs are written (a private temporary folder). */
  outDir: string;
  /** ffmpeg processes run side by side (one per core); each renders an equal run of the frames. */
  processes: number;
  /** Each process is killed after this long. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Told how many frames are done in all, as ffmpeg reports them (about twice a second). */
  onProgress?: (framesDone: number) => void;
}

export class SpinRenderError extends Error {
  override readonly name = 'SpinRenderError';
}

/** A rendition's size: the width capped to the frame's, the height keeping the frame's aspect (as sharp's renders). */
export function renditionSize(frame: { width: number; height: number }, width: number) {
  const w = Math.min(width, frame.width);
  return { width: w, height: Math.max(1, Math.round((frame.height * w) / frame.width)) };
}

const number5 = (n: number) => String(n).padStart(5, '0');

function renderArgs(
  inputPattern: string,
  frame: { width: number; height: number },
  spec: SpinRenditionSpec,
  out: (name: string, ext: string) => string,
) {
  const names = Object.keys(spec.renditions);
  const jpeg = mjpegArgs(spec.quality.jpeg);
  const graph = [`[0:v]split=${names.length}${names.map((_, i) => `[r${i}]`).join('')}`];
  const webp = (name: string) => spec.renditions[name]!.webp !== false;
  names.forEach((name, i) => {
    const size = renditionSize(frame, spec.renditions[name]!.width);
    const scale = size.width === frame.width ? 'null' : `scale=${size.width}:${size.height}:flags=lanczos`;
    graph.push(`[r${i}]${scale},setsar=1${webp(name) ? `,split=2[j${i}][w${i}]` : `[j${i}]`}`);
  });
  const outputs = names.flatMap((name, i) => [
    ...['-map', `[j${i}]`, ...jpeg, '-f', 'image2', '-start_number', '1', out(name, 'jpg')],
    ...(webp(name)
      ? [
          ...['-map', `[w${i}]`, '-c:v', 'libwebp', '-quality', String(spec.quality.webp)],
          ...['-compression_level', String(spec.webpEffort), '-f', 'image2', '-start_number', '1', out(name, 'webp')],
        ]
      : []),
  ]);
  return [
    ...['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1'],
    ...['-protocol_whitelist', 'file', '-f', 'image2', '-framerate', '1', '-start_number', '1'],
    ...['-i', `file:${inputPattern}`, '-filter_complex', graph.join(';'), '-vsync', '0', ...outputs],
  ];
}

/** Candidates the decode pass wrote as raw pixels (frame-extract.ts, `rawCandidateBytes`). */
const isRaw = (file: string) => file.endsWith('.yuv');

/** ffmpeg's arguments that make raw candidates (`inputPattern`, numbered) into the masters' JPEGs (`outPattern`). */
const masterArgs = (inputPattern: string, frame: { width: number; height: number }, outPattern: string) => [
  ...['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1'],
  ...['-protocol_whitelist', 'file', '-f', 'image2', '-c:v', 'rawvideo', '-pixel_format', 'yuvj420p'],
  ...['-video_size', `${frame.width}x${frame.height}`, '-framerate', '1', '-start_number', '1'],
  // The sample aspect the pass's graph set (its JFIF header), so the master is the pass's JPEG byte for byte.
  ...['-i', `file:${inputPattern}`, '-vf', 'setsar=1', ...mjpegArgs(MASTER_QUALITY), '-vsync', '0'],
  ...['-f', 'image2', '-start_number', '1', outPattern],
];

/** The file of frame `n` (1-based) of lane `lane`, in `dir`: `<prefix><lane>-<kind>-00001.<ext>`. */
const laneFile = (dir: string, prefix: string) => (lane: number, kind: string, n: number, ext: string) =>
  path.join(dir, `${prefix}${lane}-${kind}-${number5(n)}.${ext}`);

/** `items` in at most `processes` equal runs, worked side by side (one ffmpeg each); answers the run's length. */
async function inLanes<T>(
  items: readonly T[],
  processes: number,
  work: (lane: number, own: readonly T[]) => Promise<void>,
): Promise<number> {
  const lanes = Math.max(1, Math.min(processes, items.length));
  const per = Math.ceil(items.length / lanes);
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      const own = items.slice(lane * per, (lane + 1) * per);
      if (own.length > 0) await work(lane, own);
    }),
  );
  return per;
}

/**
 * The masters of the raw candidates among `frames` (a merged row's videos may differ), encoded side by side by
 * `options.processes` ffmpeg runs; answers `frames` with each raw file replaced by its master's JPEG.
 */
async function encodeMasters(
  frames: readonly string[],
  frame: { width: number; height: number },
  options: SpinRenderOptions,
): Promise<string[]> {
  const raw = frames.flatMap((f, i) => (isRaw(f) ? [i] : []));
  const out = [...frames];
  if (raw.length === 0) return out;
  const file = laneFile(options.outDir, 'm');
  await inLanes(raw, options.processes, async (lane, own) => {
    for (const [k, i] of own.entries()) await symlink(path.resolve(frames[i]!), file(lane, 'in', k + 1, 'yuv'));
    const input = path.join(options.outDir, `m${lane}-in-%05d.yuv`);
    await ffmpegOrThrow(masterArgs(input, frame, path.join(options.outDir, `m${lane}-master-%05d.jpg`)), options);
    for (const [k, i] of own.entries()) out[i] = file(lane, 'master', k + 1, 'jpg');
  });
  return out;
}

/**
 * Renders `frames` (JPEG files of one size, `frame`, or raw `.yuv` candidates of that size) into every size of
 * `spec`, in order. Rejects with a SpinRenderError when ffmpeg fails or runs past its time; the caller's folder holds
 * whatever was written.
 */
export async function renderSpinFrames(
  candidates: readonly string[],
  frame: { width: number; height: number },
  spec: SpinRenditionSpec,
  options: SpinRenderOptions,
): Promise<RenderedSpinFrame[]> {
  const frames = await encodeMasters(candidates, frame, options);
  const done: number[] = [];
  const file = laneFile(options.outDir, 'l');
  const per = await inLanes(frames, options.processes, async (lane, own) => {
    // The image2 demuxer reads a numbered sequence: links to the chosen candidates, in the spin's order.
    for (const [k, source] of own.entries()) await symlink(path.resolve(source), file(lane, 'in', k + 1, 'jpg'));
    const input = path.join(options.outDir, `l${lane}-in-%05d.jpg`);
    const args = renderArgs(input, frame, spec, (name, ext) =>
      path.join(options.outDir, `l${lane}-${name}-%05d.${ext}`),
    );
    await ffmpegOrThrow(args, options, (n) => {
      done[lane] = Math.min(own.length, n);
      options.onProgress?.(done.reduce((s, k) => s + (k ?? 0), 0));
    });
  });

  return frames.map((master, i) => {
    const lane = Math.floor(i / per);
    const n = i - lane * per + 1;
    const renditions: RenderedSpinFrame['renditions'] = {};
    for (const [name, r] of Object.entries(spec.renditions)) {
      const size = renditionSize(frame, r.width);
      const jpeg = file(lane, name, n, 'jpg');
      renditions[name] = { ...size, jpeg, webp: r.webp === false ? jpeg : file(lane, name, n, 'webp') };
    }
    return { width: frame.width, height: frame.height, master, renditions };
  });
}

/** One bounded ffmpeg run; `onFrames` told the frames done as ffmpeg reports them (about twice a second). */
async function ffmpegOrThrow(args: string[], options: SpinRenderOptions, onFrames?: (frames: number) => void) {
  const run = await runBounded(ffmpegPath(), args, {
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
    onStdout: (chunk) => {
      const reported = [...chunk.toString('latin1').matchAll(/^frame=(\d+)$/gm)].at(-1);
      if (reported) onFrames?.(Number(reported[1]));
    },
  });
  if (run.code !== 0) {
    const why = run.timedOut ? 'timed out' : (run.stderr.trim().split('\n').at(-1) ?? `exit ${run.code}`);
    throw new SpinRenderError(`ffmpeg could not render the spin's frames: ${why}`);
  }
}
