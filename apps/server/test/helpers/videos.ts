import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type ClipRecipe, clip, pattern, sine, writtenFile, X264 } from './clips.ts';

/** The named test videos of the upload and exterior rules, each a clip recipe (see clips.ts). */

/** A 320x180 pattern at 10 frames a second unless told. */
const video = (ext: string, format: string, size: string, seconds: number, codec: string[], rate = 10) => ({
  ext,
  format,
  args: [...pattern(size, seconds, { rate }), ...codec],
});

/** A flat grey picture: a few kilobytes whatever size and length it claims. */
const flat = (size: string, seconds: number) => ({
  ext: 'mp4',
  format: 'mp4',
  args: [...pattern(size, seconds, { rate: 1, filter: 'color=c=gray' }), ...X264],
});

// ffmpeg 4.1's encoders: x264 for MP4/MOV/MKV, MPEG-4 part 2 for AVI, WMV2 for ASF, MPEG-1 for a program stream.
const RECIPES = {
  /** 320x180, 10 s, H.264 with AAC sound: the video every rule accepts. */
  landscape: { ext: 'mp4', format: 'mp4', args: [...pattern('320x180', 10), ...sine(10), ...X264, '-c:a', 'aac'] },
  portrait: video('mp4', 'mp4', '180x320', 10, X264),
  /** Landscape pixels turned 90 degrees by the flag, as phones store portrait: shown 180x320. */
  rotatedPortrait: { ...video('mp4', 'mp4', '320x180', 10, X264), remux: ['-metadata:s:v:0', 'rotate=90'] },
  /** Portrait pixels turned 90 degrees: shown 320x180, so landscape after all. */
  rotatedLandscape: { ...video('mov', 'mov', '180x320', 10, X264), remux: ['-metadata:s:v:0', 'rotate=270'] },
  short: video('mp4', 'mp4', '320x180', 3, X264),
  /** 4:3 where the others are 16:9. */
  fourThree: video('mp4', 'mp4', '240x180', 10, X264),
  avi: video('avi', 'avi', '320x180', 10, ['-c:v', 'mpeg4']),
  wmv: video('wmv', 'asf', '320x180', 10, ['-c:v', 'wmv2']),
  mpeg: video('mpeg', 'mpeg', '320x180', 10, ['-c:v', 'mpeg1video'], 25),
  /** A format ffprobe reads but the exterior does not take. */
  matroska: video('mkv', 'matroska', '320x180', 10, X264),
  /** Decompression bomb: one flat 8K frame, a few kilobytes claiming 33 megapixels per frame. */
  hugeResolution: flat('7680x4320', 1),
  /** Decompression bomb: an hour of a tiny flat picture, a few kilobytes claiming 3600 s to decode. */
  hourLong: flat('64x36', 3600),
  /** 240 frames a second (slow motion). */
  tooFast: video('mp4', 'mp4', '320x180', 2, X264, 240),
} satisfies Record<string, ClipRecipe>;

export type TestVideo = keyof typeof RECIPES | 'randomBytes' | 'truncated';

/** The path of a test video, made on first use (once per process, however many tests ask at once). */
export function testVideo(name: TestVideo): Promise<string> {
  // Random bytes under a video's name: no container at all.
  if (name === 'randomBytes') return writtenFile('random-bytes', 'mp4', 'random', async () => randomBytes(64 * 1024));
  if (name === 'truncated') {
    // The first 4 kB of a good MP4: the header is there, the index (written at the end) is not.
    return testVideo('landscape').then((whole) =>
      writtenFile('truncated', 'mp4', whole, async () => (await readFile(whole)).subarray(0, 4096)),
    );
  }
  return clip(name, RECIPES[name]);
}
