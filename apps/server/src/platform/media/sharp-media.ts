import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { guardedDecode } from './image-guard.ts';
import type { MeasuredImage, Media, ReencodeOptions } from './media.ts';

/**
 * Decoding is refused above this many pixels: a small file can declare an enormous canvas (a "decompression
 * bomb"), and none of the pictures here needs more than a large logo.
 */
const MAX_INPUT_PIXELS = 40_000_000;

const UNKNOWN = 'application/octet-stream';

// sharp's names for the formats file-type also detects; a disagreement means a crafted (polyglot) file.
const SHARP_FORMAT_OF_MIME: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

async function measureImage(data: Buffer): Promise<MeasuredImage> {
  const bytes = data.length;
  if (bytes === 0) return { mime: UNKNOWN, bytes, width: undefined, height: undefined };
  const detected = await fileTypeFromBuffer(data);
  const expectedFormat = detected ? SHARP_FORMAT_OF_MIME[detected.mime] : undefined;
  if (!detected || !expectedFormat)
    return { mime: detected?.mime ?? UNKNOWN, bytes, width: undefined, height: undefined };
  try {
    // The header only, without the pixel bound: the caller's rules refuse an enormous declared size with 422 naming
    // the limit (a bounded read would throw here and make it look like no image at all, 415).
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if (meta.format !== expectedFormat) return { mime: UNKNOWN, bytes, width: undefined, height: undefined };
    // The size as shown: browsers apply the EXIF orientation, and so does reencodeImage.
    return { mime: detected.mime, bytes, width: meta.autoOrient.width, height: meta.autoOrient.height };
  } catch {
    // Right magic number, unreadable body: treated as no image at all, so the format rule refuses it.
    return { mime: UNKNOWN, bytes, width: undefined, height: undefined };
  }
}

/**
 * Decodes and encodes again: only pixels survive, so EXIF (camera, GPS), colour-profile tricks, comments and
 * anything appended after the image data are gone before the file is published. An animated GIF keeps its
 * first frame, which is what a logo shows.
 */
function reencodeImage(data: Buffer, options: ReencodeOptions): Promise<Buffer> {
  return guardedDecode('image', data, MAX_INPUT_PIXELS, () => reencode(data, options));
}

async function reencode(data: Buffer, options: ReencodeOptions): Promise<Buffer> {
  // The EXIF orientation is applied before the metadata that carried it is dropped.
  let pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
  if (options.fitWithin) {
    pipeline = pipeline.resize({ ...options.fitWithin, fit: 'inside', withoutEnlargement: true });
  }
  return options.format === 'png'
    ? pipeline.png({ compressionLevel: 9 }).toBuffer()
    : pipeline.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
}

/** Images through sharp (libvips): fast, and limited to what a logo or a photo needs. */
export function createSharpMedia(): Pick<Media, 'measureImage' | 'reencodeImage'> {
  return { measureImage, reencodeImage };
}
