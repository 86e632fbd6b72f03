import { ffmpegPath, runBounded } from './ffmpeg.ts';
import { NO_METADATA_ARGS } from './metadata-strip.ts';
import { SAFE_INPUT_ARGS } from './video-probe.ts';

/**
 * Original content videos (the slider area): kept as uploaded, only moved into an MP4 with its index at the front
 * (so a browser starts playing before the whole file has arrived), and a still for the list. The picture is copied,
 * never re-encoded; the sound is made AAC, which every MP4 player reads (a camera's MOV may carry PCM, which MP4
 * does not). Both calls read only the one local file (the probe's input whitelist) under a time limit.
 */

/** A remux copies bytes; one that takes longer than this is stuck on something that is no ordinary file. */
export const REMUX_TIMEOUT_MS = 120_000;
export const POSTER_TIMEOUT_MS = 30_000;
const POSTER_MAX_BYTES = 32 * 1024 * 1024;

/** Both calls: no banner, no console, only errors on stderr, and only the one local file as input. */
const QUIET_SAFE_INPUT_ARGS = ['-hide_banner', '-v', 'error', '-nostdin', ...SAFE_INPUT_ARGS];

export type MovieFileResult = { ok: true } | { ok: false; detail: string };

/**
 * `input`'s first picture stream (and first sound stream, if any) written to `output` as a faststart MP4 without
 * any metadata, the picture and sound made by `codecArgs`; ffmpeg's refusal is the answer, never a throw.
 */
async function writeMp4(
  input: string,
  output: string,
  codecArgs: readonly string[],
  timeoutMs: number,
): Promise<MovieFileResult> {
  return ffmpegToMp4(
    [...QUIET_SAFE_INPUT_ARGS, '-i', `file:${input}`, '-map', '0:v:0', '-map', '0:a:0?', ...codecArgs],
    output,
    timeoutMs,
  );
}

/**
 * ffmpeg with `inputArgs` (the input, its streams and codecs) writing `output` as a faststart MP4 (or M4A) without
 * any metadata; its refusal or time limit is the answer, never a throw. Content videos and library music share it.
 */
export async function ffmpegToMp4(
  inputArgs: readonly string[],
  output: string,
  timeoutMs: number,
): Promise<MovieFileResult> {
  const args = [
    ...inputArgs,
    // The phone's location, make and model go with the file's and each stream's tags (metadata-strip.ts).
    ...NO_METADATA_ARGS,
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    '-y',
    `file:${output}`,
  ];
  const run = await runBounded(ffmpegPath(), args, { timeoutMs, maxStdoutBytes: 64 * 1024 });
  if (run.spawnError !== undefined) throw new Error(`ffmpeg could not be started: ${run.spawnError}`);
  if (run.timedOut) return { ok: false, detail: 'ffmpeg was stopped at its time limit' };
  if (run.code !== 0) return { ok: false, detail: run.stderr.trim().slice(-500) };
  return { ok: true };
}

/** The picture copied as it is, the sound made AAC: a remux, seconds even for a long file. */
export function remuxToMp4(input: string, output: string): Promise<MovieFileResult> {
  return writeMp4(input, output, ['-c:v', 'copy', '-c:a', 'aac', '-b:a', '160k'], REMUX_TIMEOUT_MS);
}

/**
 * One picture of the video as a JPEG (turned as the video is shown), taken at `atSeconds` or, for a video shorter
 * than that, at its start. Undefined when no picture could be decoded.
 */
export async function posterFrame(file: string, atSeconds: number): Promise<Buffer | undefined> {
  const attempt = async (seconds: number) => {
    const args = [
      ...QUIET_SAFE_INPUT_ARGS,
      '-ss',
      String(Math.max(0, seconds)),
      '-i',
      `file:${file}`,
      '-frames:v',
      '1',
      '-an',
      '-q:v',
      '2',
      '-f',
      'image2pipe',
      '-c:v',
      'mjpeg',
      'pipe:1',
    ];
    const run = await runBounded(ffmpegPath(), args, {
      timeoutMs: POSTER_TIMEOUT_MS,
      maxStdoutBytes: POSTER_MAX_BYTES,
    });
    if (run.spawnError !== undefined) throw new Error(`ffmpeg could not be started: ${run.spawnError}`);
    return run.code === 0 && run.stdout.length > 0 ? run.stdout : undefined;
  };
  return (await attempt(atSeconds)) ?? (atSeconds > 0 ? attempt(0) : undefined);
}

/** A 50 MB WMV of a few minutes re-encodes in a minute or two on two cores; past this it is not an ordinary file. */
export const TRANSCODE_TIMEOUT_MS = 15 * 60_000;
/** The longer side of a transcoded video: an opened hotspot is at most 640 CSS px wide, so twice that is sharp. */
export const TRANSCODE_MAX_SIDE = 1280;

/**
 * A video every browser plays, made from one it may not (WMV, AVI, or a picture that is not H.264): H.264 (yuv420p,
 * the profile phones decode in hardware) and AAC in a faststart MP4, at most 1280 pixels on its longer side and
 * turned as it is shown. Reads only the one local file, under a time limit.
 */
export function transcodeToMp4(input: string, output: string): Promise<MovieFileResult> {
  const side = TRANSCODE_MAX_SIDE;
  const fit = `min(1,min(${side}/iw,${side}/ih))`;
  const codecArgs = [
    // Fits within side x side, keeping the ratio, with even sides (yuv420p needs them); never enlarges. Written out
    // because the packaged ffmpeg (4.1) has no force_divisible_by.
    '-vf',
    `scale='trunc(${fit}*iw/2)*2':'trunc(${fit}*ih/2)*2'`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '26',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
  ];
  return writeMp4(input, output, codecArgs, TRANSCODE_TIMEOUT_MS);
}
