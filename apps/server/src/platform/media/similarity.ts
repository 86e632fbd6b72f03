import sharp from 'sharp';
import { guardedDecode } from './image-guard.ts';

/**
 * A frame turned, scaled and moved (the exterior's rotation correction, platform/ai car-geometry.ts), kept at its
 * own size. What comes into view from outside the frame repeats the frame's edge pixels (the floor and the wall go
 * on) rather than showing a black or white band.
 */

/** Turn by `angle` radians (clockwise on screen) and scale by `scale` about `pivot`, then move it by `shift`
 * (both as fractions of the frame's width and height). */
export interface SimilaritySpec {
  angle: number;
  scale: number;
  pivot: { x: number; y: number };
  shift: { x: number; y: number };
  maxInputPixels: number;
  quality: number;
}

export interface SimilarityMedia {
  /** The picture transformed, as a JPEG of the same size; rejects with ImageDecodeError for no image. */
  transformImage(input: Buffer | string, spec: SimilaritySpec): Promise<Buffer>;
}

async function transform(input: Buffer | string, spec: SimilaritySpec): Promise<Buffer> {
  const { data, info } = await sharp(input, { limitInputPixels: spec.maxInputPixels, failOn: 'error' })
    .autoOrient()
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  // A margin of edge pixels first, so the turned frame finds pixels wherever it reads.
  const pad = Math.ceil(Math.max(width, height) * 0.25);
  const padded = await sharp(data, { raw: { width, height, channels } })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, extendWith: 'copy' })
    .raw()
    .toBuffer();
  const pw = width + 2 * pad;
  const ph = height + 2 * pad;
  const cos = Math.cos(spec.angle) * spec.scale;
  const sin = Math.sin(spec.angle) * spec.scale;
  const matrix: [number, number, number, number] = [cos, -sin, sin, cos];
  // libvips lays the transformed picture in the box of its transformed corners: `min` is that box's corner.
  const corners = [
    [0, 0],
    [pw, 0],
    [0, ph],
    [pw, ph],
  ].map(([x = 0, y = 0]) => [cos * x - sin * y, sin * x + cos * y] as const);
  const minX = Math.min(...corners.map((c) => c[0]));
  const minY = Math.min(...corners.map((c) => c[1]));
  const px = spec.pivot.x * width + pad;
  const py = spec.pivot.y * height + pad;
  const tx = (spec.pivot.x + spec.shift.x) * width;
  const ty = (spec.pivot.y + spec.shift.y) * height;
  // The pivot lands at (cos*px - sin*py - minX, sin*px + cos*py - minY) in the result; it must be at (tx, ty).
  const left = Math.round(cos * px - sin * py - minX - tx);
  const top = Math.round(sin * px + cos * py - minY - ty);
  const turned = await sharp(padded, { raw: { width: pw, height: ph, channels } })
    .affine(matrix, { interpolator: 'bicubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = sharp(turned.data, { raw: { width: turned.info.width, height: turned.info.height, channels } });
  const inside = left >= 0 && top >= 0 && left + width <= turned.info.width && top + height <= turned.info.height;
  // A correction larger than the margin (never from car-geometry's bounds) leaves the frame as it was.
  if (!inside) return sharp(data, { raw: { width, height, channels } }).jpeg({ quality: spec.quality }).toBuffer();
  return out.extract({ left, top, width, height }).jpeg({ quality: spec.quality }).toBuffer();
}

export function createSimilarityMedia(): SimilarityMedia {
  return {
    transformImage: (input, spec) => guardedDecode('image', input, spec.maxInputPixels, () => transform(input, spec)),
  };
}
