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
