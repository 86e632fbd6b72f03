import sharp from 'sharp';
import { viewFile } from './real-spin.ts';

/**
 * The real spin's car (threesixty-slider, a white hatchback) in other colours, for front detection's red-body cue:
 * its paint recoloured (`paintBody`), or the whole car seen through a red filter (`redTint`: headlights and glass
 * too, a picture with no cue left). Shared by the server tests and bench/front-detection.ts.
 */
/** Paint colours of `paintBody`: multipliers of red, green and blue on the white paint. */
export const PAINTS = { red: [1, 0.16, 0.18], orange: [1, 0.5, 0.12] } as const;

/**
 * The threesixty-slider car (a white hatchback) repainted: its paint (opaque, light, unsaturated and smooth pixels,
 * and the thin seams between them) multiplied by `tint`, while the glass, tyres, grille, badges, lamps and their
 * chrome (dark, coloured or textured) keep their own colours, as a red car's would. Not a real red car: a real car
 * recoloured, said as such wherever a figure rests on it. The rims' smooth silver is taken for paint too.
 */
export async function paintBody(file: string, tint: readonly number[], width?: number): Promise<Buffer> {
  const { data, info } = await sharp(file)
    .resize(width ? { width } : undefined)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const luma = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) luma[i] = 0.299 * data[4 * i]! + 0.587 * data[4 * i + 1]! + 0.114 * data[4 * i + 2]!;
  const light = (i: number) =>
    data[4 * i + 3]! >= 250 &&
    Math.max(data[4 * i]!, data[4 * i + 1]!, data[4 * i + 2]!) -
      Math.min(data[4 * i]!, data[4 * i + 1]!, data[4 * i + 2]!) <=
      28;
  const paint = new Uint8Array(w * h);
  // Smooth: the range of gray over a 5x5 neighbourhood stays under 50 levels (lamps and chrome are textured).
  for (let y = 2; y < h - 2; y++) {
    for (let x = 2; x < w - 2; x++) {
      const i = y * w + x;
      if (!light(i) || luma[i]! < 150) continue;
      let lo = 255;
      let hi = 0;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const v = luma[i + dy * w + dx]!;
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
      if (hi - lo <= 50) paint[i] = 1;
    }
  }
  // The seams: a light pixel with four painted neighbours of eight is paint too (three passes).
  for (let pass = 0; pass < 3; pass++) {
    const next = Uint8Array.from(paint);
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        const i = y * w + x;
        if (paint[i] || !light(i) || luma[i]! < 90) continue;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) n += paint[i + dy * w + dx]!;
        if (n >= 4) next[i] = 1;
      }
    }
    paint.set(next);
  }
  const out = Buffer.from(data);
  for (let i = 0; i < w * h; i++) {
    if (!paint[i]) continue;
    for (let c = 0; c < 3; c++) out[4 * i + c] = Math.round(data[4 * i + c]! * (tint[c] ?? 1));
  }
  return sharp(out, { raw: { width: w, height: h, channels: 4 } })
    .png()
    .toBuffer();
}

/** How a recoloured view looks: its paint red or orange, or the whole car tinted red. */
export type Recolour = 'red-paint' | 'orange-paint' | 'red-tint';

/**
 * View `view` (0-based, of 51) recoloured, as a PNG with the cut-out's transparency; painted at `width` pixels wide
 * when given (cheaper for a test; the photographs are 1000 wide).
 */
export async function recolouredView(view: number, recolour: Recolour, width?: number): Promise<Buffer> {
  const file = viewFile(view);
  if (recolour === 'red-tint') {
    return sharp(file)
      .resize(width ? { width } : undefined)
      .linear([1, 0.3, 0.3, 1], [0, 0, 0, 0])
      .png()
      .toBuffer();
  }
  return paintBody(file, recolour === 'red-paint' ? PAINTS.red : PAINTS.orange, width);
}

/** A recoloured view as a JPEG `width` pixels wide on the studio's white, as a stored spin frame would be. */
export async function recolouredViewJpeg(view: number, recolour: Recolour, width: number): Promise<Buffer> {
  return sharp(await recolouredView(view, recolour, width))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
}
