import { ffmpegPath, runBounded } from './ffmpeg.ts';

// The content videos' music level (movie-render.ts): measured first, then set by one gain.

/** -16 LUFS integrated, -1.5 dBTP: the usual target of online video (docs/decisions.md). */
export const MOVIE_LOUDNESS = { integrated: -16, truePeak: -1.5, range: 11 } as const;

/** loudnorm's first pass over the music as the movie plays it: its readings as options of the second pass. */
export async function measureMusic(music: string, seconds: number, signal: AbortSignal | undefined): Promise<string> {
  const { integrated, truePeak, range } = MOVIE_LOUDNESS;
  const args = ['-hide_banner', '-nostdin', '-nostats', '-stream_loop', '-1', '-i', `file:${music}`, '-vn'];
  args.push(
    '-af',
    `atrim=end=${seconds.toFixed(3)},loudnorm=I=${integrated}:TP=${truePeak}:LRA=${range}:print_format=json`,
  );
  const run = await runBounded(ffmpegPath(), [...args, '-f', 'null', '-'], {
    timeoutMs: 120_000,
    maxStderrBytes: 64 * 1024,
    signal,
  });
  const json = /\{[^{}]*"input_i"[^{}]*\}/.exec(run.stderr)?.[0];
  if (run.code !== 0 || json === undefined) return '';
  const read = JSON.parse(json) as Record<string, string>;
  const values = [read.input_i, read.input_tp, read.input_lra, read.input_thresh, read.target_offset].map(Number);
  // Silence reads as -inf: nothing to measure, the one-pass mode does.
  if (values.some((v) => !Number.isFinite(v))) return '';
  const [i, tp, lra, thresh, offset] = values as [number, number, number, number, number];
  return `:measured_I=${i}:measured_TP=${tp}:measured_LRA=${lra}:measured_thresh=${thresh}:offset=${offset}:linear=true`;
}
