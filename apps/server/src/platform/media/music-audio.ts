import { ffmpegToMp4, type MovieFileResult } from './movie-files.ts';
import { uploadedInputArgs } from './video-probe.ts';

/**
 * Background music as the audio library keeps it (issue 20): AAC in an M4A, stereo 44.1 kHz, 160 kbit/s, faststart,
 * without any metadata (NO_METADATA_ARGS, bitexact). The product's tracks arrive already at the library's loudness
 * (platform/music/loudness.ts); a dealer's WAV upload is kept at its own level, only made small enough to stream.
 */

const MUSIC_TIMEOUT_MS = 120_000;

export async function encodeMusicM4a(input: string, output: string): Promise<MovieFileResult> {
  const args = [
    ...uploadedInputArgs('wav,mp3,mov', input),
    '-map',
    '0:a:0',
    '-ar',
    '44100',
    '-ac',
    '2',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
  ];
  return ffmpegToMp4(args, output, MUSIC_TIMEOUT_MS);
}
