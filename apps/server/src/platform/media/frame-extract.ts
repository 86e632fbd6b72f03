import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPath, killMediaChild, spawnMedia } from './ffmpeg.ts';
import { FrameSignatureError, type FrameSignatureFailure, type FrameSignatures } from './frame-signatures.ts';
import { mjpegArgs } from './jpeg-tables.ts';
import { SAFE_INPUT_ARGS } from './video-probe.ts';

/**
 * The exterior spin's one decode pass (issue 9): every frame of the video is decoded once, and ffmpeg's `split`
 * hands each decoded frame to two branches of one filter graph:
 * - the loop's signatures: 15 frames a second as 32x18 grayscale thumbnails, on a pipe, read as they come (the
 *   seamless loop's input, packages/domain/src/media/loop.ts);
 * - the spin's candidates: the first frame of each of `candidates` equal slices of the video's time, scaled to the
 *   spin's frame size (never enlarged) and written to `outDir` as high-quality JPEG (`cand-00001.jpg`...), or as
 *   their raw pixels (`cand-00001.yuv`, see `rawCandidateBytes`).
 * Which candidates become the spin is decided once the whole turn is known (where it closes); a candidate is a
 * frame already decoded, so nothing is decoded twice.
 *
 * Bounded like every ffmpeg run here: no shell, only files and known demuxers (SAFE_INPUT_ARGS), decoding refused
 * above `maxPixels` a frame (ffmpeg's `max_pixels`), the input read for at most `maxSeconds`, the process killed at
 * `timeoutMs`, at most `maxSignatures` signatures kept.
 */

export interface SpinExtractOptions {
  /** The duration the probe read, in seconds: candidates are spread over it. */
  durationSeconds: number;
  /**
   * Where to start in the video (a dealer's trim of a kept walk-around): frames before it are decoded and dropped,
   * so the pass starts on the exact frame, and every time in the answer counts from it.
   */
  startSeconds?: number;
  /** Candidate frames wanted, evenly in time (e.g. 4 x the spin's frame count). */
  candidates: number;
  /** The candidates' pixel size (even numbers); the caller keeps the aspect and never enlarges. */
  width: number;
  height: number;
  outDir: string;
  /** Signatures per second (default 15) and their size (default 32x18). */
  fps?: number;
  signatureWidth?: number;
  signatureHeight?: number;
  /** ffmpeg is killed after this long. */
  timeoutMs: number;
  /** The input is read for at most this many seconds (the bounds' longest video). */
  maxSeconds: number;
  /** Decoding is refused above this many pixels a frame. */
  maxPixels: number;
  /** Past this many signatures ffmpeg is killed (a file longer than its probe said). */
  maxSignatures: number;
  /** libjpeg quality (1..100) of the candidates, which become the spin's masters. Default 90. */
  jpegQuality?: number;
  /**
   * When all the candidates' raw pixels (1.5 bytes a pixel, `yuvj420p`) fit in this many bytes, they are written
   * raw (`.yuv`) instead of as JPEG: encoding 4 x N JPEGs of which N are kept was a fifth of a 1080p pass's CPU
   * (docs/operations.md); the renders then encode the chosen ones' masters, byte for byte the JPEGs this pass would
   * have written (spin-renditions.ts). Absent or too small: JPEG.
   */
  rawCandidateBytes?: number;
  /** `false` decodes the frames no other frame refers to as well; they are skipped by default. */
  skipNonReference?: boolean;
  /** How the video codes its colours (from the probe); BT.709 studio range when absent. */
  colorMatrix?: 'bt601' | 'bt709' | 'bt2020' | undefined;
  fullRange?: boolean | undefined;
  /** Decoder threads (ffmpeg's -threads); ffmpeg's choice when absent. */
  threads?: number;
  signal?: AbortSignal;
  /**
   * Asked every second of signatures (every twentieth of them in a long video) whether the turn has closed already (the seamless loop's early close): when it
   * says so, ffmpeg is stopped there and the answer holds the signatures and the whole candidates so far, so the
   * rest of a video that goes on past its turn is never decoded.
   */
  closedAt?: (signatures: readonly Uint8Array[]) => boolean;
  /** Told each time a candidate is written, with its 0-based number and time: progress. */
  onCandidate?: (index: number, seconds: number) => void;
}

export interface SpinCandidate {
  /** The JPEG's path. */
  file: string;
  /** Presentation time of the frame, on the same clock as the signatures' times. */
  seconds: number;
}

export interface SpinExtraction {
  signatures: FrameSignatures;
  candidates: SpinCandidate[];
  /** `closedAt` said the turn had closed and the rest of the video was not decoded. */
  stoppedEarly: boolean;
}

const STDERR_TAIL = 8 * 1024;
/** Signatures between two asks of `closedAt`, at the least: a second at the usual 15 a second. */
const CLOSE_CHECK_EVERY = 15;
/** The masters' quality, as sharp made them before ffmpeg did: no visible loss, and later edits start from it. */
export const MASTER_QUALITY = 90;
const SHOWINFO = /\[showinfo@(sig|cand) @ [^\]]+\]\s+n:\s*(\d+)\s+pts:\s*-?\d+\s+pts_time:(-?[\d.e+-]+)/;
const candidateFile = (dir: string, index: number, ext: string) =>
  path.join(dir, `cand-${String(index + 1).padStart(5, '0')}.${ext}`);
/** Whether the candidates are written raw: their pixels all fit in the caller's budget. */
const rawCandidates = (o: SpinExtractOptions) =>
  o.rawCandidateBytes !== undefined && o.candidates * o.width * o.height * 1.5 <= o.rawCandidateBytes;

const COLOUR_SPACE = { bt601: 'bt470bg', bt709: 'bt709', bt2020: 'bt2020' } as const;

/**
 * A video frame's colours as a JPEG codes them: browsers decode every JPEG with the BT.601 matrix at full range, while
 * an HD video is BT.709 at studio range. Copying the samples across (what a plain pixel format change does) turns a
 * red car's paint orange-brown and crushes its blacks; the matrix is converted (`fast`: primaries and transfer are
 * left alone) and the range widened. HDR (BT.2020) gets its matrix converted but no tone mapping.
 */
function toJpegColours(o: { colorMatrix?: keyof typeof COLOUR_SPACE | undefined; fullRange?: boolean | undefined }) {
  const input = COLOUR_SPACE[o.colorMatrix ?? 'bt709'];
  // The explicit format at the end keeps ffmpeg from converting the range a second time for the encoder.
  return `colorspace=iall=${input}:irange=${o.fullRange ? 'pc' : 'tv'}:all=bt470bg:range=pc:fast=1:format=yuv420p,format=yuvj420p`;
}

/** The filter graph: one decoded stream split into the signatures and the candidates. */
export function spinFilterGraph(o: {
  fps: number;
  signatureWidth: number;
  signatureHeight: number;
  sliceSeconds: number;
  width: number;
  height: number;
  colorMatrix?: 'bt601' | 'bt709' | 'bt2020' | undefined;
  fullRange?: boolean | undefined;
}): string {
  const slice = o.sliceSeconds.toFixed(6);
  // The first frame of each slice of time: slice k is [k*s, (k+1)*s); register 0 holds the next slice wanted.
  const select = `select='if(gte(floor(t/${slice}),ld(0)),st(0,floor(t/${slice})+1),0)'`;
  return [
    '[0:v:0]split=2[s][c]',
    `[s]fps=${o.fps},scale=${o.signatureWidth}:${o.signatureHeight}:flags=area,format=gray,showinfo@sig[sig]`,
    `[c]${select},split=2[cf][ct]`,
    `[cf]scale=${o.width}:${o.height}:flags=lanczos,setsar=1,${toJpegColours(o)}[cand]`,
    // The candidates' times from a copy shrunk to a few pixels: showinfo sums every pixel of the frame it is shown
    // (its checksums), which on full-size frames cost a tenth of the pass.
    `[ct]scale=8:8:flags=neighbor,showinfo@cand,nullsink`,
  ].join(';');
}

/** ffmpeg's arguments for one pass: the signatures as raw grey frames on stdout, the candidates as JPEG files. */
function spinExtractArgs(file: string, options: SpinExtractOptions, graph: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'info',
    ...(options.threads ? ['-threads', String(options.threads)] : []),
    // Frames no other frame refers to (most B-frames of a phone's H.264 or HEVC) are not decoded at all: the
    // signatures need 15 frames a second and the candidates a few, so decoding them would be work thrown away,
    // and skipping them never changes the frames that are decoded. A video without such frames decodes whole.
    ...(options.skipNonReference === false ? [] : ['-skip_frame', 'noref']),
    ...SAFE_INPUT_ARGS,
    '-max_pixels',
    String(options.maxPixels),
    ...(options.startSeconds ? ['-ss', String(options.startSeconds)] : []),
    '-t',
    String(options.maxSeconds),
    '-i',
    `file:${file}`,
    '-an',
    '-sn',
    '-dn',
    '-filter_complex',
    graph,
    '-map',
    '[sig]',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    'pipe:1',
    '-map',
    '[cand]',
    '-f',
    'image2',
    ...(rawCandidates(options) ? ['-c:v', 'rawvideo'] : mjpegArgs(options.jpegQuality ?? MASTER_QUALITY)),
    '-vsync',
    '0',
    path.join(options.outDir, `cand-%05d.${rawCandidates(options) ? 'yuv' : 'jpg'}`),
  ];
}

export function extractSpinFrames(file: string, options: SpinExtractOptions): Promise<SpinExtraction> {
  const fps = options.fps ?? 15;
  const width = options.signatureWidth ?? 32;
  const height = options.signatureHeight ?? 18;
  const frameBytes = width * height;
  const sliceSeconds = Math.max(options.durationSeconds, 0.001) / Math.max(1, options.candidates);
  const graph = spinFilterGraph({
    fps,
    signatureWidth: width,
    signatureHeight: height,
    sliceSeconds,
    width: options.width,
    height: options.height,
    colorMatrix: options.colorMatrix,
    fullRange: options.fullRange,
  });
  const args = spinExtractArgs(file, options, graph);
  const ext = rawCandidates(options) ? 'yuv' : 'jpg';

  return new Promise((resolve, reject) => {
    const child = spawnMedia(ffmpegPath(), args);
    const frames: Uint8Array[] = [];
    const signatureTimes: number[] = [];
    const candidateTimes: number[] = [];
    let pending = new Uint8Array(frameBytes);
    let filled = 0;
    let stderrTail = '';
    let partialLine = '';
    let failure: FrameSignatureFailure | undefined;

    const closedAt = options.closedAt;
    let closedEarly = false;
    let nextCheck = CLOSE_CHECK_EVERY;
    const stop = (reason: FrameSignatureFailure) => {
      failure ??= reason;
      killMediaChild(child);
    };
    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = () => stop('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) stop('aborted');

    child.stdout.on('data', (chunk: Buffer) => {
      let at = 0;
      // Frames ffmpeg had already put in the pipe when the turn closed are not read: how many there are depends on
      // how far ffmpeg ran ahead of this process (the load), and the judge said yes without them.
      while (at < chunk.length && failure === undefined && !closedEarly) {
        const take = Math.min(frameBytes - filled, chunk.length - at);
        pending.set(chunk.subarray(at, at + take), filled);
        filled += take;
        at += take;
        if (filled === frameBytes) {
          frames.push(pending);
          pending = new Uint8Array(frameBytes);
          filled = 0;
          if (frames.length > options.maxSignatures) stop('too_many_frames');
          else if (closedAt && frames.length >= nextCheck && !closedEarly) {
            // The judge reads every frame so far, so asks are spaced by a twentieth of them: a 10-minute video's
            // asks cost about a second in all, not a quadratic minute.
            nextCheck = frames.length + Math.max(CLOSE_CHECK_EVERY, Math.ceil(frames.length / 20));
            let reached = false;
            try {
              reached = closedAt(frames);
            } catch {
              // The early close is an optimisation: a failing judge means decoding on to the end.
            }
            if (reached) {
              closedEarly = true;
              killMediaChild(child);
            }
          }
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderrTail = (stderrTail + text).slice(-STDERR_TAIL);
      const lines = (partialLine + text).split('\n');
      partialLine = lines.pop() ?? '';
      for (const line of lines) {
        const m = SHOWINFO.exec(line);
        if (!m) continue;
        const n = Number(m[2]);
        const t = Number(m[3]);
        if (m[1] === 'sig') signatureTimes[n] = t;
        else {
          candidateTimes[n] = t;
          try {
            options.onCandidate?.(n, t);
          } catch {
            // Progress is advice; a failing listener must not stop the extraction.
          }
        }
      }
    });

    let done = false;
    const finish = async (error?: FrameSignatureError) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) {
        reject(error);
        return;
      }
      // The files ffmpeg wrote are the candidates; a time whose showinfo line was lost keeps its slice's start.
      const files = (await readdir(options.outDir)).filter((name) => /^cand-\d{5}\.(jpg|yuv)$/.test(name)).length;
      // Stopped early, the newest file may be cut short: it is left out (it lies past the close anyway).
      const written = closedEarly ? Math.max(0, Math.min(files - 1, candidateTimes.length - 1)) : files;
      const candidates = Array.from({ length: written }, (_, i) => ({
        file: candidateFile(options.outDir, i, ext),
        seconds: candidateTimes[i] ?? i * sliceSeconds,
      }));
      const start = signatureTimes[0] ?? 0;
      const times = frames.map((_, i) => signatureTimes[i] ?? start + i / fps);
      resolve({ signatures: { width, height, frames, times }, candidates, stoppedEarly: closedEarly });
    };
    child.on('error', (e) => {
      if (child.pid === undefined) void finish(new FrameSignatureError('ffmpeg_failed', e.message));
    });
    child.on('close', (code) => {
      if (failure !== undefined) void finish(new FrameSignatureError(failure, ''));
      else if (code !== 0 && !closedEarly) {
        void finish(new FrameSignatureError('ffmpeg_failed', stderrTail.trim().split('\n').at(-1) ?? ''));
      } else void finish().catch((e: unknown) => reject(e));
    });
  });
}
