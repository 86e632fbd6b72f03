import { ffprobePath, runBounded } from './ffmpeg.ts';
import { PROBE_TIMEOUT_MS, safeInputArgs } from './video-probe.ts';

/**
 * What an audio file is, read from its headers by ffprobe (nothing decoded), for the hotspot audio rule
 * ("mp3 or m4a, up to 5MB and 120 seconds"), and the sound tracks of an original video. Only the MP3 and ISO-media
 * demuxers may open the file, and only as a local file, so an upload cannot make the probe read a playlist or an
 * address.
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

/** ffprobe's JSON about `file`, opened only by the demuxers `formats`, or null when it cannot be read. */
async function probeJson<T>(file: string, formats: string, show: readonly string[]): Promise<T | null> {
  const args = [
    '-hide_banner',
    '-v',
    'error',
    ...safeInputArgs(formats),
    '-print_format',
    'json',
    ...show,
    `file:${file}`,
  ];
  const run = await runBounded(ffprobePath(), args, { timeoutMs: PROBE_TIMEOUT_MS });
  if (run.spawnError !== undefined) throw new Error(`ffprobe could not be started: ${run.spawnError}`);
  if (run.timedOut || run.overflowed || run.code !== 0) return null;
  try {
    return JSON.parse(run.stdout.toString('utf8')) as T;
  } catch {
    return null;
  }
}

export async function probeAudio(file: string): Promise<AudioProbe> {
  // WAV too (background music); the hotspot rule refuses its container by name.
  const answer = await probeJson<Answer>(file, 'mp3,mov,wav', ['-show_format', '-show_streams']);
  if (answer === null) return { ok: false, reason: 'unreadable' };
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

/** One sound stream of a video, in the order the file holds them. */
export interface ProbedAudioTrack {
  /** Its place among the file's sound streams, from 0 (what a player's track list numbers). */
  index: number;
  codec: string;
  /** The stream's language tag as the file gives it (ISO 639-2, e.g. `jpn`, `eng`); null when untagged or `und`. */
  language: string | null;
  channels: number | null;
  sampleRate: number | null;
  durationSeconds: number | null;
}

interface TracksAnswer {
  format?: { duration?: string };
  streams?: {
    codec_name?: string;
    channels?: number;
    sample_rate?: string;
    duration?: string;
    tags?: { language?: string };
  }[];
}

const positive = (value: unknown): number | null => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** The sound streams of an ISO-media video (mp4, m4v, mov), from its headers; null when it cannot be read. */
export async function probeAudioTracks(file: string): Promise<ProbedAudioTrack[] | null> {
  const answer = await probeJson<TracksAnswer>(file, 'mov', [
    '-select_streams',
    'a',
    '-show_entries',
    'format=duration:stream=codec_name,channels,sample_rate,duration:stream_tags=language',
  ]);
  if (answer === null) return null;
  return (answer.streams ?? []).map((stream, index) => {
    const language = stream.tags?.language?.trim().toLowerCase() ?? '';
    return {
      index,
      codec: stream.codec_name ?? 'unknown',
      language: language === '' || language === 'und' ? null : language.slice(0, 16),
      channels: positive(stream.channels),
      sampleRate: positive(stream.sample_rate),
      durationSeconds: positive(stream.duration) ?? positive(answer.format?.duration),
    };
  });
}
