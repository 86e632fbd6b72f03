import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_ENHANCE_SETTINGS,
  INTERIOR_FULL_MAX,
  INTERIOR_RENDITION_WIDTHS,
  panoramaRefusal,
} from '@spinyard/domain';
import sharp from 'sharp';
import { adjustmentsOf, panoramaSpec } from '../apps/server/src/modules/interior/panorama.ts';
import { panoramaKeys, storePanorama } from '../apps/server/src/modules/vehicle-media/panoramas.ts';
import { createMedia } from '../apps/server/src/platform/media/index.ts';
import { createDiskBlobStore } from '../apps/server/src/platform/storage/disk-blob-store.ts';
import { watchMemory } from './process-memory.ts';

/**
 * An 8192x4096 interior panorama through what the server does with it, step by step, on the real media adapter and
 * a disk blob store (the work of `POST /interior/{id}` and of the `interior_enhance` process, without HTTP and
 * the database, whose share is milliseconds):
 * - validation: the type by magic numbers and the size from the header (nothing decoded);
 * - upload: one decode, the master JPEG, thumbnail / preview / mobile as JPEG and WebP, the 16 x 8 tiles of
 *   512 px, all stored content-addressed;
 * - enhance: the same from the original with every correction on (white balance auto, shadows and highlights,
 *   tone curve, saturation, sharpness);
 * - super resolution: a 4096x2048 original doubled to 8192x4096 (Lanczos 3 and an unsharp mask), every output;
 * - preview: the tool's live "after" (1024 wide, nothing stored).
 * Time is wall time; memory is this process's resident size (sampled every 5 ms from /proc): at the step's start
 * and the most seen during it.
 *
 *   node --import tsx bench/interior.ts
 *
 * A figure, not a test. Figures and how they were obtained: docs/operations.md.
 */

const log = (message: string) => process.stdout.write(`${message}\n`);

/** A photo-like panorama: a blurred mosaic of colours with fine noise (so JPEG and the tiles cost what photos cost). */
async function photoPanorama(file: string, width: number, height: number): Promise<void> {
  const cols = 32;
  const rows = 16;
  const cells = Buffer.alloc(cols * rows * 3);
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let i = 0; i < cells.length; i++) cells[i] = Math.round(30 + random() * 180);
  const base = await sharp(cells, { raw: { width: cols, height: rows, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  for (let i = 0; i < base.length; i += 1)
    base[i] = Math.max(0, Math.min(255, base[i]! + Math.round((random() - 0.5) * 24)));
  await sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(file);
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-bench-interior-'));
  const media = createMedia();
  const store = createDiskBlobStore(path.join(dir, 'media'));
  await mkdir(path.join(dir, 'media'), { recursive: true });
  const file = path.join(dir, 'panorama-8192x4096.jpg');
  const half = path.join(dir, 'panorama-4096x2048.jpg');
  log(
    `interior bench: ${cpus().length} CPUs, node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips})`,
  );
  await photoPanorama(file, 8192, 4096);
  await photoPanorama(half, 4096, 2048);
  log(
    `input: 8192x4096 JPEG, ${((await stat(file)).size / 1048576).toFixed(1)} MB; 4096x2048 JPEG for super resolution`,
  );

  const memory = watchMemory(process.pid);
  const blobsNote = (image: Parameters<typeof panoramaKeys>[0]) =>
    `${image.width}x${image.height}, ${panoramaKeys(image).length} blobs`;
  const rows: string[][] = [];
  async function step<T>(name: string, work: () => Promise<T>, note: (result: T) => string): Promise<T> {
    global.gc?.();
    memory.reset();
    const started = performance.now();
    const result = await work();
    const ms = performance.now() - started;
    const { startMb, peakMb } = memory.peak();
    rows.push([name, `${(ms / 1000).toFixed(2)} s`, `${startMb} MB`, `${peakMb} MB`, note(result)]);
    return result;
  }

  await step(
    'validation (header only)',
    async () => panoramaRefusal(await media.measurePanorama(file)),
    (refusal) => (refusal ? `refused: ${refusal.code}` : 'accepted'),
  );
  const original = await step(
    'upload: sizes + tiles, stored',
    async () => storePanorama(store, 'contents/1/interior', await media.renderPanorama(file, panoramaSpec())),
    blobsNote,
  );
  const master = await readFile(path.join(dir, 'media', original.master));
  const everything = {
    ...DEFAULT_ENHANCE_SETTINGS,
    shadow_highlight: true,
    tone_curve: true,
    saturation: true,
    sharpness: true,
  };
  /** Renders and stores an enhanced panorama, as the interior's enhance job does. */
  const enhanceStep = (
    name: string,
    source: Buffer | string,
    settings: typeof DEFAULT_ENHANCE_SETTINGS,
    adjustments: Parameters<typeof media.renderPanorama>[2],
  ) =>
    step(
      name,
      async () =>
        storePanorama(
          store,
          'contents/1/interior',
          await media.renderPanorama(source, panoramaSpec(settings.jpeg_quality), adjustments),
        ),
      blobsNote,
    );
  await enhanceStep(
    'enhance: all corrections + auto white balance',
    master,
    everything,
    adjustmentsOf(everything, { mode: 'auto', temperature: 0, tint: 0 }, original),
  );
  const superRes = { ...DEFAULT_ENHANCE_SETTINGS, super_resolution: true, super_resolution_level: 60 };
  await enhanceStep(
    'super resolution 4096 -> 8192',
    half,
    superRes,
    adjustmentsOf(superRes, null, { width: 4096, height: 2048 }),
  );
  const previewSource = await readFile(path.join(dir, 'media', original.renditions.preview!.jpeg));
  await step(
    'preview (1024 wide, not stored)',
    () =>
      media.previewPanorama(
        previewSource,
        {
          maxInputPixels: INTERIOR_FULL_MAX.width * INTERIOR_FULL_MAX.height,
          width: INTERIOR_RENDITION_WIDTHS.preview,
          quality: 90,
        },
        adjustmentsOf(everything, null, original),
      ),
    (jpeg) => `${(jpeg.length / 1024).toFixed(0)} KB JPEG`,
  );
  memory.stop();

  const header = ['step', 'time', 'RSS at start', 'peak RSS', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  log(line(header));
  for (const row of rows) log(line(row));
  log(`process high-water mark: ${memory.highWaterMb()} MB`);
  await rm(dir, { recursive: true, force: true });
}

await main();
