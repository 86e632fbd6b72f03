import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { ffprobePath, runBounded } from '../../src/platform/media/ffmpeg.ts';
import { type ClipRecipe, clip, pattern, sine, X264 } from './clips.ts';

/**
 * Media that carries what a phone writes about where and with what it was made (issue 18, finding 3), and the one
 * check that a published or served file carries none of it. The clips put the position where an iPhone puts it:
 * QuickTime's ©xyz atom (`location`), the `mdta` key com.apple.quicktime.location.ISO6709, ©mak and ©mod, a stream's
 * handler name; the JPEG in EXIF (Make, Model and the GPS directory).
 */

export const GPS = '+35.6580+139.7016+012.000/';
const DEVICE = { make: 'Apple', model: 'iPhone 12 Pro' };

/** The strings that must never reach a published file, searched for in its bytes as well as in ffprobe's tags. */
export const PRIVATE_STRINGS = ['139.7016', '35.6580', DEVICE.model, 'Core Media'];

const TAGS = [
  ...['-metadata', `location=${GPS}`, '-metadata', `location-eng=${GPS}`],
  ...['-metadata', `com.apple.quicktime.location.ISO6709=${GPS}`],
  ...['-metadata', `make=${DEVICE.make}`, '-metadata', `model=${DEVICE.model}`],
  ...['-metadata', `comment=shot at ${GPS}`, '-metadata:s:v', 'handler_name=Core Media Video'],
];
const QUICKTIME_TAGS = [...TAGS, '-movflags', 'use_metadata_tags'];

const RECIPES = {
  /** A phone's MOV: 320x180 H.264 and AAC, 10 s (long enough for a spin), every tag above. */
  mov: {
    ext: 'mov',
    format: 'mov',
    args: [...pattern('320x180', 10), ...sine(10), ...X264, '-c:a', 'aac', ...QUICKTIME_TAGS],
  },
  /** The same picture as an HEVC-less, non-browser AVI would be kept: MPEG-4 part 2 in AVI, with INFO tags. */
  avi: { ext: 'avi', format: 'avi', args: [...pattern('320x180', 3), '-c:v', 'mpeg4', ...TAGS] },
  m4a: { ext: 'm4a', format: 'mp4', args: [...sine(2), '-c:a', 'aac', '-b:a', '32k', ...QUICKTIME_TAGS] },
  mp3: { ext: 'mp3', format: 'mp3', args: [...sine(2), '-c:a', 'libmp3lame', '-b:a', '32k', ...TAGS] },
} satisfies Record<string, ClipRecipe>;

/** The path of a tagged clip (made once per process, see clips.ts). */
export const taggedClip = (kind: keyof typeof RECIPES): Promise<string> => clip(`tagged-${kind}`, RECIPES[kind]);

/** A photo-like JPEG with the camera's make and model and a GPS position in its EXIF. */
export function taggedJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: DEVICE.make, Model: DEVICE.model },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 39/1 2880/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '139/1 42/1 576/100',
      },
    })
    .toBuffer();
}

/** ffprobe's tags of a file, its own and each stream's (`stream0.handler_name`), as one flat record. */
async function probedTags(file: string): Promise<Record<string, string>> {
  const run = await runBounded(
    ffprobePath(),
    ['-v', 'error', '-show_entries', 'format_tags:stream_tags', '-of', 'json', `file:${file}`],
    { timeoutMs: 15_000 },
  );
  if (run.code !== 0) throw new Error(`ffprobe could not read ${file}: ${run.stderr}`);
  const answer = JSON.parse(run.stdout.toString('utf8')) as {
    format?: { tags?: Record<string, string> };
    streams?: { tags?: Record<string, string> }[];
  };
  const tags: Record<string, string> = { ...answer.format?.tags };
  for (const [i, s] of (answer.streams ?? []).entries()) {
    for (const [k, v] of Object.entries(s.tags ?? {})) tags[`stream${i}.${k}`] = v;
  }
  return tags;
}

/** Tags that say nothing about a place, a device or a time: the container's brand, language, default handler names. */
const HARMLESS = /^(stream\d+\.)?(major_brand|minor_version|compatible_brands|language|handler_name|vendor_id)$/;

/**
 * What of the private metadata a sound or video file still carries: any tag but the harmless ones (with the value of
 * a handler name checked too), and any of PRIVATE_STRINGS found in its bytes. Empty when the file is clean.
 */
export async function metadataLeft(file: string): Promise<string[]> {
  const left = Object.entries(await probedTags(file))
    .filter(([k, v]) => !HARMLESS.test(k) || PRIVATE_STRINGS.some((s) => v.includes(s)))
    .map(([k, v]) => `${k}=${v}`);
  const bytes = (await readFile(file)).toString('latin1');
  for (const s of PRIVATE_STRINGS) if (bytes.includes(s)) left.push(`bytes: ${s}`);
  return left;
}

/** What of the EXIF, XMP, IPTC or comments a picture still carries (sharp's reading): empty when none. */
export async function pictureMetadataLeft(data: Buffer): Promise<string[]> {
  const meta = await sharp(data).metadata();
  const left = (['exif', 'xmp', 'iptc', 'comments'] as const).filter((k) => meta[k] !== undefined).map(String);
  const bytes = data.toString('latin1');
  for (const s of PRIVATE_STRINGS) if (bytes.includes(s)) left.push(`bytes: ${s}`);
  return left;
}
