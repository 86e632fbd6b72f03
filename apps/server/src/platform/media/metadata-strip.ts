import { ffmpegPath, runBounded } from './ffmpeg.ts';
import type { MovieFileResult } from './movie-files.ts';
import { uploadedInputArgs } from './video-probe.ts';

/**
 * Sound and video files published or kept as uploaded, without what the phone wrote about where and with what
 * they were made (issue 18, finding 3): a phone's clip carries its GPS position, make and model in the container's
 * metadata (QuickTime's `udta` atoms such as ©xyz, ©mak, ©mod, and the `mdta` keys
 * com.apple.quicktime.location.ISO6709 and friends), in per-stream tags, in chapters, and in timed metadata tracks.
 * The streams are copied (nothing re-encoded, the picture and sound are the uploaded bytes) into a new file of the
 * same family with none of that: `-map_metadata -1` (the file's tags), `-map_metadata:s -1` (each stream's),
 * `-map_chapters -1`, only picture (never a cover picture) and sound streams mapped, so data and metadata tracks are
 * left behind, and `bitexact` so not even the muxer's own name is written and the same input always gives the same
 * bytes (content-addressed keys stay stable across retries). The rotation flag lives in the track header's matrix,
 * not in a tag, and survives.
 */

/** The muxer of the stripped copy. `mov`: the QuickTime family as is (it holds every codec a phone writes). */
export type StrippedContainer = 'mov' | 'mp4' | 'm4a' | 'mp3' | 'asf' | 'avi' | 'mpeg';

/** Copying streams is reading and writing: past this, the file is no ordinary one. */
export const STRIP_TIMEOUT_MS = 120_000;

const MUXER_ARGS: Record<StrippedContainer, readonly string[]> = {
  mov: ['-movflags', '+faststart', '-f', 'mov'],
  mp4: ['-movflags', '+faststart', '-f', 'mp4'],
  // The MP4 muxer, not ipod's: an m4a may hold MP3 or ALAC, which the ipod muxer refuses.
  m4a: ['-movflags', '+faststart', '-f', 'mp4'],
  // No ID3 tag at all: an ID3v2 frame can carry anything (a location in a TXXX frame).
  mp3: ['-id3v2_version', '0', '-write_id3v1', '0', '-f', 'mp3'],
  asf: ['-f', 'asf'],
  avi: ['-f', 'avi'],
  mpeg: ['-f', 'mpeg'],
};

/** Arguments that drop every tag, chapter and non-picture, non-sound stream; shared with movie-files.ts. */
export const NO_METADATA_ARGS: readonly string[] = [
  '-map_metadata',
  '-1',
  '-map_metadata:s',
  '-1',
  '-map_chapters',
  '-1',
  '-fflags',
  '+bitexact',
  '-flags:v',
  '+bitexact',
  '-flags:a',
  '+bitexact',
];

/** `input`'s picture and sound streams copied to `output` without metadata; ffmpeg's refusal is the answer. */
export async function stripMetadata(
  input: string,
  output: string,
  container: StrippedContainer,
): Promise<MovieFileResult> {
  const args = [
    // Only the one local file, read only by the demuxers of the formats the areas accept.
    ...uploadedInputArgs('mov,mp3,avi,asf,mpeg', input),
    // `V`: pictures that are not attached covers (a cover is a still that may carry its own EXIF).
    '-map',
    '0:V?',
    '-map',
    '0:a?',
    '-c',
    'copy',
    ...NO_METADATA_ARGS,
    ...MUXER_ARGS[container],
    '-y',
    `file:${output}`,
  ];
  const run = await runBounded(ffmpegPath(), args, { timeoutMs: STRIP_TIMEOUT_MS, maxStdoutBytes: 64 * 1024 });
  if (run.spawnError !== undefined) throw new Error(`ffmpeg could not be started: ${run.spawnError}`);
  if (run.timedOut) return { ok: false, detail: 'ffmpeg was stopped at its time limit' };
  if (run.code !== 0) return { ok: false, detail: run.stderr.trim().slice(-500) };
  return { ok: true };
}
