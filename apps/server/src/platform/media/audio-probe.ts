import { ffprobePath, runBounded } from './ffmpeg.ts';
import { PROBE_TIMEOUT_MS } from './video-probe.ts';

/**
 * What an audio file is, read from its headers by ffprobe (nothing decoded), for the hotspot audio rule
 * ("mp3 or m4a, up to 5MB and 120 seconds"). Only the MP3 and ISO-media demuxers may open the file, and only as
 * a local file, so an upload cannot make the probe read a playlist or an address.
 */

export interface ProbedAudio {
  /** ffprobe's `format_name`: `mp3`, or `mov,mp4,m4a,3gp,3g2,mj2` for m4a. */
  container: string;
  /** The audio stream's codec: `mp3`, `aac`, `alac`... */
  codec: string;
  durationSeconds: number;
  /** A picture that plays (cover art does not count): such a file is a video, not audio. */
  hasVideo: boolean;
}

export type AudioProbe = { ok: true; audio: ProbedAudio } | { ok: false; reason: string };

interface Answer {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; codec_name?: string; duration?: string; disposition?: { attached_pic?: number } }[];
}

export async function probeAudio(file: string): Promise<AudioProbe> {
  const args = [
    '-hide_banner',
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    'mp3,mov',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    `file:${file}`,
  ];
  const run = await runBounded(ffprobePath(), args, { timeoutMs: PROBE_TIMEOUT_MS });
  if (run.spawnError !== undefined) throw new Error(`ffprobe could not be started: ${run.spawnError}`);
  if (run.timedOut || run.overflowed || run.code !== 0) return { ok: false, reason: 'unreadable' };
  let answer: Answer;
  try {
    answer = JSON.parse(run.stdout.toString('utf8')) as Answer;
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const streams = answer.streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!audio?.codec_name) return { ok: false, reason: 'no_audio' };
  const duration = Number(answer.format?.duration ?? audio.duration);
  if (!Number.isFinite(duration) || duration <= 0) return { ok: false, reason: 'no_duration' };
  return {
    ok: true,
    audio: {
      container: answer.format?.format_name ?? '',
      codec: audio.codec_name,
      durationSeconds: duration,
      hasVideo: streams.some((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1),
    },
  };
}
