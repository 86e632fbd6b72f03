import sharp from 'sharp';
import { guardedDecode } from './image-guard.ts';

/**
 * Small RGB pictures for measuring (platform/ai: front detection, extra-image statistics, category picks): the
 * picture as shown (EXIF orientation applied), transparency laid on white (studio shots come as PNG with alpha), and
 * shrunk by area averaging so sensor noise mostly cancels. JPEG's shrink-on-load makes a 1080p frame at 128 px a
 * matter of milliseconds, so a whole spin is measured from its stored display JPEGs without a full decode.
 */

export interface AnalysisImage {
  width: number;
  height: number;
  /** width*height*3 bytes, RGB, row by row. */
  rgb: Uint8Array;
}

/** Wider is never needed to measure, and a bound keeps a crafted file from making the thumbnail large. */
const MAX_ANALYSIS_WIDTH = 512;
const MAX_INPUT_PIXELS = 40_000_000;

export async function analysisImage(input: Buffer | string, width: number): Promise<AnalysisImage> {
  const target = Math.max(8, Math.min(MAX_ANALYSIS_WIDTH, Math.round(width)));
  return guardedDecode('image', input, MAX_INPUT_PIXELS, async () => {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .resize({ width: target, kernel: 'cubic' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, rgb: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  });
}

export interface AnalysisMedia {
  /** A picture (buffer or file path) as a small RGB image `width` pixels wide (at most 512) for measuring. */
  analysisImage(input: Buffer | string, width: number): Promise<AnalysisImage>;
}
