import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { BlurFrameRow } from '../apps/server/src/modules/exterior/blur-repo.ts';
import { renderRow } from '../apps/server/src/modules/exterior/blur-work.ts';
import { plateSettings } from '../apps/server/src/modules/exterior/plate-blur-work.ts';
import { trackPlates } from '../apps/server/src/modules/exterior/plate-tracks.ts';
import { exteriorFrameSpec } from '../apps/server/src/modules/exterior/replace-work.ts';
import { storeImage } from '../apps/server/src/modules/vehicle-media/images.ts';
import { ocrPlateDetector, type PlateDetection } from '../apps/server/src/platform/ai/plate-detector.ts';
import { PLATE_RULES } from '../apps/server/src/platform/ai/plate-rules.ts';
import { createMedia } from '../apps/server/src/platform/media/index.ts';
import type { Media } from '../apps/server/src/platform/media/media.ts';
import { createDiskBlobStore } from '../apps/server/src/platform/storage/disk-blob-store.ts';
import { opencvCars, spin1080, spinFrames } from './car-photos.ts';
import { watchMemory } from './process-memory.ts';

/**
 * Automatic plate blur on real photographs (issue 23, point 1): the default PlateDetector (PaddleOCR's text
 * detector and recogniser through onnxruntime-node, and the plate rules) on
 * - plates: the openalpr benchmark's end-to-end photographs (`endtoend/us`, `eu`, `br`: real cars, each with its
 *   plate's box and number by hand; AGPL-3.0 data, read from a folder outside the project, never committed nor
 *   shipped): `--alpr DIR` (the folder holding `us/`, `eu/`, `br/`);
 * - no plates: the 52 frames of a real car's spin in `threesixty-slider` (a dev dependency of the server; a badge
 *   and the model's name, no plate), and opencv@7.0.0's two real car photos (side views: no plate seen), which the
 *   bench takes with `npm pack` into a temp folder.
 * Printed per set: images, plates found (a detection covering at least half the true plate) and precision
 * (detections that cover a true plate), or for the sets without plates the images left unblurred. Then the time
 * of 36 frames at 1080p through detection and tracking (the spin's frames scaled to 1920x1080; and 36 photographs
 * with plates), the time of rendering 36 blurred frames in every size (the process's worst case: a plate on every
 * frame), and this process's resident memory.
 *
 *   node --import tsx bench/plates.ts --alpr /path/to/openalpr-benchmarks/endtoend [--limit N] [--side 960]
 *     [--misses: name each image missed] [--timing-only: only the 36-frame timings] [--sets-only: no timings]
 *
 * A figure, not a test. Figures and how they were obtained: docs/operations.md, "Plate blur".
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

interface Truth {
  file: string;
  plate?: { x: number; y: number; w: number; h: number };
}

function alprSet(dir: string, limit: number): Truth[] {
  const out: Truth[] = [];
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()) {
    const [file, x, y, w, h] = readFileSync(path.join(dir, name), 'utf8').trim().split('\t');
    const image = path.join(dir, file ?? '');
    if (!file || !existsSync(image)) continue;
    out.push({ file: image, plate: { x: Number(x), y: Number(y), w: Number(w), h: Number(h) } });
    if (out.length >= limit) break;
  }
  return out;
}

/** How much of the true plate (pixels) a detection (fractions of a width x height picture) covers. */
function covered(truth: NonNullable<Truth['plate']>, d: PlateDetection, width: number, height: number): number {
  const x0 = Math.max(truth.x, d.box.x * width);
  const y0 = Math.max(truth.y, d.box.y * height);
  const x1 = Math.min(truth.x + truth.w, (d.box.x + d.box.w) * width);
  const y1 = Math.min(truth.y + truth.h, (d.box.y + d.box.h) * height);
  return x1 > x0 && y1 > y0 ? ((x1 - x0) * (y1 - y0)) / (truth.w * truth.h) : 0;
}

async function runSet(name: string, set: Truth[], detector: ReturnType<typeof ocrPlateDetector>): Promise<void> {
  let found = 0;
  let detections = 0;
  let good = 0;
  let clean = 0;
  // Plates low enough in the picture for the place rule (PLATE_RULES.minCentreY): how a spin frames a car.
  let low = 0;
  let lowFound = 0;
  const misses: string[] = [];
  const started = performance.now();
  for (const item of set) {
    const meta = await sharp(item.file).metadata();
    const width = meta.autoOrient.width;
    const height = meta.autoOrient.height;
    const plates = await detector.detect(item.file);
    detections += plates.length;
    if (!item.plate) {
      if (plates.length === 0) clean++;
      else misses.push(`${path.basename(item.file)}: ${plates.map((p) => JSON.stringify(p.text)).join(' ')}`);
      continue;
    }
    const hits = plates.filter((p) => covered(item.plate!, p, width, height) >= 0.5);
    good += hits.length;
    if (hits.length > 0) found++;
    else misses.push(`${path.basename(item.file)}: ${plates.map((p) => JSON.stringify(p.text)).join(' ') || '-'}`);
    if ((item.plate.y + item.plate.h / 2) / height >= PLATE_RULES.minCentreY) {
      low++;
      if (hits.length > 0) lowFound++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)} %`);
  if (set[0]?.plate) {
    log(
      `${name}: ${set.length} images with a plate, found on ${found} (${pct(found, set.length)}), ` +
        `precision ${pct(good, detections)} (${good}/${detections}), ${((1000 * seconds) / set.length).toFixed(0)} ms/image; ` +
        `of the ${low} plates below the top fifth of the picture: found ${lowFound} (${pct(lowFound, low)})`,
    );
  } else {
    log(
      `${name}: ${set.length} images without a plate, no blur on ${clean} (${pct(clean, set.length)}), ` +
        `${((1000 * seconds) / set.length).toFixed(0)} ms/image`,
    );
  }
  if (process.argv.includes('--misses')) for (const m of misses) log(`    miss ${m}`);
}

/** Pictures as 1080p JPEGs (scaled into 1920x1080). */
async function photos1080(files: string[]): Promise<Buffer[]> {
  return Promise.all(files.map((f) => sharp(f).resize(1920, 1080, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer()));
}

/** Detection and tracking of 36 frames, one after the other as the process runs them: wall and CPU time, memory. */
async function timeDetection(
  name: string,
  frames: Buffer[],
  detector: ReturnType<typeof ocrPlateDetector>,
  memory: ReturnType<typeof watchMemory>,
): Promise<void> {
  memory.reset();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const perFrame: PlateDetection[][] = [];
  for (const frame of frames) perFrame.push(await detector.detect(frame));
  const regions = trackPlates(perFrame);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const { startMb, peakMb } = memory.peak();
  log(
    `${name}: detection and tracking ${seconds.toFixed(1)} s (${((1000 * seconds) / frames.length).toFixed(0)} ms/frame, ` +
      `${((used.user + used.system) / 1e6).toFixed(1)} CPU seconds), ${perFrame.flat().length} finds, ` +
      `${regions.length} regions; resident ${startMb} MB at the start, peak ${peakMb} MB`,
  );
}

/**
 * The process's other half at its worst: every one of 36 Full HD frames blurred (a plate on each) and stored in its
 * sizes, by the blur process's own rendering (blur-work.ts renderRow) on a disk store.
 */
async function timeRender(frames: Buffer[], media: Media, temp: string, memory: ReturnType<typeof watchMemory>) {
  const store = createDiskBlobStore(path.join(temp, 'media'));
  const spec = exteriorFrameSpec('full_hd', 40_000_000);
  const rows: BlurFrameRow[] = [];
  for (const [i, frame] of frames.entries()) {
    const original = await storeImage(store, media, 'contents/bench/exterior', frame, spec);
    rows.push({ id: String(i), group_id: 'row', frame_order: i, original, edited: null, edit_kind: null });
  }
  const box = { x: 0.42, y: 0.62, w: 0.16, h: 0.07 };
  const settings = plateSettings(
    [{ id: 'plate-1', shape: 'rect', all_frames: true, keys: [{ frame: 0, box }] }],
    new Date(),
  );
  memory.reset();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const rendered = await renderRow({ store, media }, 'bench', { group_id: 'row', ...settings }, rows, async () => {});
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const { startMb, peakMb } = memory.peak();
  log(
    `rendering ${rendered.rendered.size} blurred 1080p frames in every size: ${seconds.toFixed(1)} s ` +
      `(${((used.user + used.system) / 1e6).toFixed(1)} CPU seconds); resident ${startMb} MB at the start, peak ${peakMb} MB`,
  );
}

async function main(): Promise<void> {
  const side = Number(arg('side') ?? 960);
  const limit = Number(arg('limit') ?? 100_000);
  const media = createMedia();
  const detector = ocrPlateDetector(media, { detectionSide: side });
  const memory = watchMemory(process.pid);
  const temp = await mkdtemp(path.join(tmpdir(), 'spinyard-plates-'));
  try {
    log(`Plate blur bench, detection side ${side} px, ${new Date().toISOString()}`);
    const alpr = arg('alpr');
    const timingOnly = process.argv.includes('--timing-only');
    if (alpr && !timingOnly) {
      for (const country of ['us', 'eu', 'br']) {
        const dir = path.join(alpr, country);
        if (existsSync(dir)) await runSet(`openalpr ${country}`, alprSet(dir, limit), detector);
      }
    } else {
      log('(no --alpr folder: the sets with plates are skipped)');
    }
    if (process.argv.includes('--sets-only')) return;
    const frames = spinFrames();
    if (!timingOnly)
      await runSet(
        'threesixty-slider spin',
        frames.map((file) => ({ file })),
        detector,
      );
    if (!timingOnly)
      await runSet(
        'opencv car photos',
        (await opencvCars(temp)).map((file) => ({ file })),
        detector,
      );

    const spin = await spin1080(frames);
    await timeDetection('36-frame 1080p spin without a plate (threesixty-slider)', spin, detector, memory);
    if (alpr) {
      const photos = await photos1080(alprSet(path.join(alpr, 'us'), 36).map((t) => t.file));
      await timeDetection('36 photographs with plates at 1080p (openalpr us)', photos, detector, memory);
    }
    await timeRender(spin, media, temp, memory);
  } finally {
    memory.stop();
    await rm(temp, { recursive: true, force: true });
  }
}

await main();
