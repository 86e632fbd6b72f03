import { spawn } from 'node:child_process';
import { ffmpegPath } from './ffmpeg.ts';

/**
 * Frame signatures for the seamless loop (packages/domain/src/media/loop.ts): one ffmpeg decode pass that turns
 * every sampled frame into a tiny grayscale thumbnail, read from the pipe as it comes, so memory grows with the
 * thumbnails (576 bytes a frame at 32x18) and never with the video's resolution or length beyond that. The
 * picture is as shown (ffmpeg applies the rotation flag), averaged down by area so camera noise mostly cancels.
 */

export interface FrameSignatures {
  width: number;
  height: number;
  /** One per sampled frame, in order: width*height gray levels, row by row. */
  frames: Uint8Array[];
  /** Presentation time of each frame in seconds, from ffmpeg's own timestamps. */
  times: number[];
}

export interface FrameSignatureOptions {
  /** Frames sampled per second. Default 15: dense enough to place the close within a fifteenth of a second. */
  fps?: number;
  /** Thumbnail size. Default 32x18 (16:9); any aspect works, it is only compared with itself. */
  width?: number;
  height?: number;
  /** ffmpeg is killed after this long. */
  timeoutMs: number;
  /** Past this many frames ffmpeg is killed (a bound on memory for a file longer than its probe said). */
  maxFrames?: number;
  signal?: AbortSignal;
}

export type FrameSignatureFailure = 'timeout' | 'too_many_frames' | 'aborted' | 'ffmpeg_failed';

export class FrameSignatureError extends Error {
  constructor(
    readonly reason: FrameSignatureFailure,
    detail: string,
  ) {
    super(`frame signatures: ${reason}${detail ? `: ${detail}` : ''}`);
    this.name = 'FrameSignatureError';
  }
}

const STDERR_TAIL = 8 * 1024;
// showinfo prints one line per frame at the info level: "n:   0 pts:      0 pts_time:0 ...".
const SHOWINFO = /\bn:\s*(\d+)\s+pts:\s*-?\d+\s+pts_time:(-?[\d.e+-]+)/;

export function readFrameSignatures(file: string, options: FrameSignatureOptions): Promise<FrameSignatures> {
  const fps = options.fps ?? 15;
  const width = options.width ?? 32;
  const height = options.height ?? 18;
  const maxFrames = options.maxFrames ?? Number.POSITIVE_INFINITY;
  const frameBytes = width * height;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'info',
    '-i',
    file,
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
    // fps first, so frames not sampled are dropped before they are scaled.
    '-vf',
    `fps=${fps},scale=${width}:${height}:flags=area,format=gray,showinfo`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    'pipe:1',
  ];

  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { shell: false, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const frames: Uint8Array[] = [];
    const times: number[] = [];
    let pending = new Uint8Array(frameBytes);
    let filled = 0;
    let stderrTail = '';
    let partialLine = '';
    let failure: FrameSignatureFailure | undefined;

    const stop = (reason: FrameSignatureFailure) => {
      failure ??= reason;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = () => stop('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) stop('aborted');

    child.stdout.on('data', (chunk: Buffer) => {
      let at = 0;
      while (at < chunk.length && failure === undefined) {
        const take = Math.min(frameBytes - filled, chunk.length - at);
        pending.set(chunk.subarray(at, at + take), filled);
        filled += take;
        at += take;
        if (filled === frameBytes) {
          frames.push(pending);
          pending = new Uint8Array(frameBytes);
          filled = 0;
          if (frames.length > maxFrames) stop('too_many_frames');
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
        if (m && line.includes('showinfo')) times[Number(m[1])] = Number(m[2]);
      }
    });

    let done = false;
    const finish = (error?: FrameSignatureError) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else {
        // A frame whose showinfo line was lost (never seen in practice) keeps the sampling grid's time.
        const start = times[0] ?? 0;
        const frameTimes = frames.map((_, i) => times[i] ?? start + i / fps);
        resolve({ width, height, frames, times: frameTimes });
      }
    };
    child.on('error', (e) => {
      if (child.pid === undefined) finish(new FrameSignatureError('ffmpeg_failed', e.message));
    });
    child.on('close', (code) => {
      if (failure !== undefined) finish(new FrameSignatureError(failure, ''));
      else if (code !== 0) finish(new FrameSignatureError('ffmpeg_failed', stderrTail.trim().split('\n').at(-1) ?? ''));
      else finish();
    });
  });
}
