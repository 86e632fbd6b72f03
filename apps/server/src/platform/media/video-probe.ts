import { ffprobePath, runBounded } from './ffmpeg.ts';
import type { ProbedVideo, VideoProbe } from './media.ts';

/**
 * Reads what a video is from its bytes with ffprobe: headers only, nothing decoded, so even a hostile file costs
 * a few milliseconds, and the bounds in the domain rules can refuse it before anything is decoded.
 */

/** A probe reads headers; one that takes longer than this is stuck on something that is no ordinary file. */
export const PROBE_TIMEOUT_MS = 15_000;

/**
 * Demuxers ffprobe may use: the exterior formats and a few self-contained ones, so that a readable WebM is
 * named an unsupported format rather than an unreadable file. Playlists (HLS, concat) and image sequences are
 * not on the list, so an uploaded file cannot make the probe open other files or addresses.
 */
const PROBE_FORMATS = 'mov,avi,asf,mpeg,matroska,webm,mpegts,flv,ogg';

/** One local file, opened only by the demuxers named: what every ffmpeg and ffprobe run on an upload reads with. */
export function safeInputArgs(formats: string): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', formats];
}

export const SAFE_INPUT_ARGS: readonly string[] = safeInputArgs(PROBE_FORMATS);

/** A quiet ffmpeg run (no banner, errors only, no keyboard) reading the one uploaded file `input` as above. */
export function uploadedInputArgs(formats: string, input: string): string[] {
  return ['-hide_banner', '-v', 'error', '-nostdin', ...safeInputArgs(formats), '-i', `file:${input}`];
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  color_space?: string;
  color_range?: string;
  side_data_list?: { rotation?: number | string }[];
}

interface FfprobeAnswer {
  format?: { format_name?: string; duration?: string; size?: string };
  streams?: FfprobeStream[];
}

/** "30000/1001" -> 29.97; "0/0" or nonsense -> NaN. */
export function parseRate(rate: string | undefined): number {
  const m = /^(\d+)\/(\d+)$/.exec(rate ?? '');
  if (!m) return Number.NaN;
  const num = Number(m[1]);
  const den = Number(m[2]);
  return den > 0 && num > 0 ? num / den : Number.NaN;
}

/** Clockwise degrees (0, 90, 180, 270) the picture is turned when shown. */
function rotationOf(stream: FfprobeStream): number {
  // ffprobe 5 reports the display matrix, counter-clockwise; older builds and muxers the `rotate` tag, clockwise.
  const matrix = stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  const clockwise = matrix !== undefined ? -Number(matrix) : Number(stream.tags?.rotate ?? 0);
  if (!Number.isFinite(clockwise)) return 0;
  return (((Math.round(clockwise / 90) * 90) % 360) + 360) % 360;
}

const positive = (value: string | undefined): number | undefined => {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : undefined;
};

/**
 * How the picture's colours are coded: the stream's own YCbCr matrix, or when it does not say, the convention of
 * its size (HD and larger BT.709, smaller BT.601); studio range (16..235) unless it says full.
 */
function colourOf(stream: FfprobeStream, height: number): Pick<ProbedVideo, 'colorMatrix' | 'fullRange'> {
  const space = stream.color_space ?? '';
  const colorMatrix = space.startsWith('bt2020')
    ? 'bt2020'
    : space === 'bt709'
      ? 'bt709'
      : ['smpte170m', 'bt470bg', 'fcc'].includes(space)
        ? 'bt601'
        : height >= 720
          ? 'bt709'
          : 'bt601';
  return { colorMatrix, fullRange: stream.color_range === 'pc' };
}

/** The facts of ffprobe's JSON answer, or why it is no usable video. */
export function videoFromProbe(answer: FfprobeAnswer): VideoProbe {
  const streams = answer.streams ?? [];
  // Cover art in an MP4 is a video stream too; the picture that plays is the first that is not one.
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  if (!video?.codec_name || !(Number(video.width) > 0) || !(Number(video.height) > 0)) {
    return { ok: false, reason: 'no_video', detail: 'no video stream with a picture size' };
  }
  const duration = positive(answer.format?.duration) ?? positive(video.duration);
  if (duration === undefined) return { ok: false, reason: 'no_duration', detail: 'the duration is unknown' };
  const rotation = rotationOf(video);
  const codedWidth = Number(video.width);
  const codedHeight = Number(video.height);
  const turned = rotation === 90 || rotation === 270;
  const avg = parseRate(video.avg_frame_rate);
  const frames = positive(video.nb_frames);
  const probed: ProbedVideo = {
    container: answer.format?.format_name ?? '',
    codec: video.codec_name,
    width: turned ? codedHeight : codedWidth,
    height: turned ? codedWidth : codedHeight,
    codedWidth,
    codedHeight,
    rotation,
    durationSeconds: duration,
    frameRate: Number.isNaN(avg) ? parseRate(video.r_frame_rate) : avg,
    frameCount: frames === undefined ? undefined : Math.round(frames),
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    ...colourOf(video, Math.min(codedWidth, codedHeight)),
  };
  return { ok: true, video: probed };
}

/** Probes a file on disk; never rejects: a file ffprobe cannot read is `{ ok: false }`. */
export async function probeVideo(file: string, options: { timeoutMs?: number } = {}): Promise<VideoProbe> {
  const args = [
    '-hide_banner',
    '-v',
    'error',
    ...SAFE_INPUT_ARGS,
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    // "file:" keeps a name such as "a:b.mp4" or "-x.mp4" from being read as a protocol or an option.
    `file:${file}`,
  ];
  const run = await runBounded(ffprobePath(), args, { timeoutMs: options.timeoutMs ?? PROBE_TIMEOUT_MS });
  if (run.spawnError !== undefined) throw new Error(`ffprobe could not be started: ${run.spawnError}`);
  if (run.timedOut) return { ok: false, reason: 'timeout', detail: 'ffprobe was stopped at its time limit' };
  if (run.overflowed) return { ok: false, reason: 'unreadable', detail: 'ffprobe answered more than expected' };
  if (run.code !== 0) return { ok: false, reason: 'unreadable', detail: run.stderr.trim().slice(-500) };
  let answer: FfprobeAnswer;
  try {
    answer = JSON.parse(run.stdout.toString('utf8')) as FfprobeAnswer;
  } catch {
    return { ok: false, reason: 'unreadable', detail: 'ffprobe answered no JSON' };
  }
  return videoFromProbe(answer);
}
