import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ExteriorSizeId } from '@spinyard/domain';
import type { StoredImage } from '../../db/schema.ts';
import type { Media, RenderedSpinFrame, SpinRenditionSpec } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { storeRenderedImage } from '../vehicle-media/images.ts';
import { exteriorFrameSpec, exteriorPrefix } from './replace-work.ts';

/**
 * The spin's renders and their storing (the `multiple` pipeline's second half, pipeline-work.ts): each row's chosen
 * candidates made into every size by ffmpeg (spin-renditions.ts), then every file put content-addressed. Progress:
 * `from..mid` by frames rendered, `mid..to` by frames stored.
 */

/** ffmpeg processes rendering a row's frames side by side: one per core of the machines this runs on. */
export const RENDER_PROCESSES = 2;

/**
 * What the spin's frames are rendered as: every size of the domain's exterior size in JPEG and WebP (libwebp's
 * method 1), except the zoom size, made as JPEG only (its WebP names the JPEG). The zoom WebP was over half the
 * renders' CPU (3.0 of 5.5 s for 36 frames at Full HD) for a size only the buyers who open the zoom load; the
 * buyer's spin (thumbnail and display) stays WebP. docs/decisions.md, "Exterior: what the pipeline renders and when".
 */
export function spinRenderSpec(size: ExteriorSizeId, maxFramePixels: number): SpinRenditionSpec {
  const { renditions, quality } = exteriorFrameSpec(size, maxFramePixels);
  const sizes: SpinRenditionSpec['renditions'] = {};
  for (const [name, r] of Object.entries(renditions)) sizes[name] = { width: r.width, webp: name !== 'zoom' };
  return { renditions: sizes, quality, webpEffort: 1 };
}
/** Frames whose files are put in the blob store at once (I/O: more would only queue at the store). */
const STORE_CONCURRENCY = 4;
/** How long one render process may take: a minute, plus two seconds a frame (a 4K frame takes about a third). */
const renderTimeoutMs = (frames: number): number => 60_000 + 2_000 * frames;

/** Runs `work` over `items`, `limit` at a time, keeping their order in the answer. */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!, i);
    }
  });
  await Promise.all(lanes);
  return out;
}

export interface RenderRowsInput {
  store: BlobStore;
  media: Media;
  contentId: string;
  exteriorSize: ExteriorSizeId;
  maxFramePixels: number;
  /** Per row: the chosen candidates in the spin's order, and their pixel size. */
  rows: { files: string[]; size: { width: number; height: number } }[];
  /** A private temporary folder for the renders. */
  dir: string;
  progress: { from: number; mid: number; to: number; report: (percent: number) => Promise<void> };
  /** Told after each frame stored, with how many are (a test stops a worker here). */
  afterFrameStored?: ((stored: number) => Promise<void> | void) | undefined;
}

/** Every row's frames rendered and stored, as StoredImages per row in order. */
export async function renderAndStoreRows(input: RenderRowsInput): Promise<StoredImage[][]> {
  const { progress } = input;
  const totalFrames = input.rows.reduce((s, row) => s + row.files.length, 0);
  const step = (from: number, to: number, count: number) => progress.report(from + ((to - from) * count) / totalFrames);
  const spec = spinRenderSpec(input.exteriorSize, input.maxFramePixels);
  const rendered: RenderedSpinFrame[][] = [];
  for (const [r, row] of input.rows.entries()) {
    const outDir = path.join(input.dir, `render-${r}`);
    await mkdir(outDir);
    const before = rendered.reduce((s, frames) => s + frames.length, 0);
    let reported = Promise.resolve();
    rendered.push(
      await input.media.renderSpinFrames(row.files, row.size, spec, {
        outDir,
        processes: RENDER_PROCESSES,
        timeoutMs: renderTimeoutMs(row.files.length),
        onProgress: (n) => {
          reported = step(progress.from, progress.mid, before + n).catch(() => undefined);
        },
      }),
    );
    await reported;
  }
  let stored = 0;
  const images: StoredImage[][] = [];
  for (const frames of rendered) {
    images.push(
      await inParallel(frames, STORE_CONCURRENCY, async (frame) => {
        const image = await storeRenderedImage(input.store, exteriorPrefix(input.contentId), frame);
        // Counted before any await: frames are stored in parallel, and each must report its own number.
        stored += 1;
        const count = stored;
        await step(progress.mid, progress.to, count);
        await input.afterFrameStored?.(count);
        return image;
      }),
    );
  }
  return images;
}
