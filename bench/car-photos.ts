import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Real car photographs the AI benches read (bench/plates.ts, bench/car-mask.ts), from npm packages, never committed:
 * the 52 frames of a real car's spin in `threesixty-slider` (a dev dependency of the server; RGBA cut-outs: the car
 * opaque, its shadow half transparent) and opencv@7.0.0's two car photos, taken with `npm pack` into a temp folder.
 */

export function spinFrames(): string[] {
  const require = createRequire(import.meta.url);
  const dir = path.join(
    path.dirname(require.resolve('threesixty-slider/package.json', { paths: ['apps/server'] })),
    'assets',
  );
  return Array.from({ length: 52 }, (_, i) => path.join(dir, `${i + 1}.png`));
}

export async function opencvCars(dir: string): Promise<string[]> {
  execFileSync('npm', ['pack', 'opencv@7.0.0', '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync(
    'tar',
    ['xzf', 'opencv-7.0.0.tgz', 'package/examples/files/car1.jpg', 'package/examples/files/car2.jpg'],
    {
      cwd: dir,
    },
  );
  return ['car1.jpg', 'car2.jpg'].map((f) => path.join(dir, 'package/examples/files', f));
}

/** The spin's first 36 frames as 1080p JPEGs (scaled up into 1920x1080 on white, as a studio spin is). */
export async function spin1080(frames: string[]): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const f of frames.slice(0, 36)) {
    out.push(
      await sharp(f)
        .flatten({ background: '#ffffff' })
        .resize(1920, 1080, { fit: 'contain', background: '#ffffff' })
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
  }
  return out;
}

/** Paint colours of `paintBody`: multipliers of red, green and blue on the white paint. */
export const PAINTS = { red: [1, 0.16, 0.18], orange: [1, 0.5, 0.12] } as const;

/**
 * The threesixty-slider car (a white hatchback) repainted: its paint (opaque, light, unsaturated and smooth pixels,
 * and the thin seams between them) multiplied by `tint`, while the glass, tyres, grille, badges, lamps and their
 * chrome (dark, coloured or textured) keep their own colours, as a red car's would. Not a real red car: a real car
 * recoloured, said as such wherever a figure rests on it. The rims' smooth silver is taken for paint too.
 */
export async function paintBody(file: string, tint: readonly number[]): Promise<Buffer> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
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
