import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ExteriorSizeId } from '@spinyard/domain';
import type { StoredImage } from '../../db/schema.ts';
import type { Media, RenderedSpinFrame } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { storeRenderedImage } from '../vehicle-media/images.ts';
import { exteriorFrameSpec, exteriorPrefix } from './replace-work.ts';

/**
 * The spin's renders and their storing (the `multiple` pipeline's second half, pipeline-work.ts): each row's chosen
 * candidates made into every size by ffmpeg (spin-renditions.ts), and every file put content-addressed. Progress:
 * `from..mid` weighs frames rendered, `mid..to` frames stored.
 */

/** ffmpeg processes rendering a row's frames side by side: one per core of the machines this runs on. */
const RENDER_PROCESSES = 2;
/**
 * Runs a row is rendered in: each run's storing overlaps the next run's rendering. More runs leave less storing after
 * the last render, but each run ends with a lane idle while the other finishes its last frame.
 */
const RENDER_RUNS = 3;
/** Frames whose files are put in the blob store at once (I/O: more would only queue at the store). */
const STORE_CONCURRENCY = 4;
/** How long one render process may take: a minute, plus two seconds a frame (a 4K frame takes about a third). */
const renderTimeoutMs = (frames: number): number => 60_000 + 2_000 * frames;

/**
 * Runs `work` over `items`, `limit` at a time, keeping their order in the answer. After a failure no item is started
 * and the ones under way are waited for before the first failure is thrown: nothing is left reading the job's files.
 */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await work(items[i]!, i);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  });
  return settledOrFirstError(lanes).then(() => out);
}

/** Waits for every promise, then throws the first failure, if any. */
async function settledOrFirstError<T>(promises: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises);
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) throw failure.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
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

/**
 * Every row's frames rendered and stored, as StoredImages per row in order. A row is rendered in RENDER_RUNS runs
 * one after another, and each run's frames are stored while the next run renders: storing is mostly waiting for the
 * disk (every file is flushed before it is renamed), rendering is the cores' work, so they overlap and only the last
 * run's storing is left after the renders (docs/operations.md, "Exterior through the running server").
 */
export async function renderAndStoreRows(input: RenderRowsInput): Promise<StoredImage[][]> {
  const { progress } = input;
  const totalFrames = input.rows.reduce((s, row) => s + row.files.length, 0);
  // Rendered and stored frames move one bar: it only grows, whichever runs ahead.
  let rendered = 0;
  let stored = 0;
  const report = () =>
    progress.report(
      progress.from + ((progress.mid - progress.from) * rendered + (progress.to - progress.mid) * stored) / totalFrames,
    );
  const { renditions, quality } = exteriorFrameSpec(input.exteriorSize, input.maxFramePixels);
  // A frame that could not be stored fails the job: no further run is rendered for nothing.
  let storeFailed = false;
  const storeFrame = async (frame: RenderedSpinFrame) => {
    try {
      const image = await storeRenderedImage(input.store, exteriorPrefix(input.contentId), frame);
      // Counted before any await: frames are stored in parallel, and each must report its own number.
      stored += 1;
      const count = stored;
      await report();
      await input.afterFrameStored?.(count);
      return image;
    } catch (error) {
      storeFailed = true;
      throw error;
    }
  };
  const images: StoredImage[][] = [];
  for (const [r, row] of input.rows.entries()) {
    const storing: Promise<StoredImage[]>[] = [];
    try {
      for (const [k, files] of runsOf(row.files).entries()) {
        if (storeFailed) break;
        const outDir = path.join(input.dir, `render-${r}-${k}`);
        await mkdir(outDir);
        const before = rendered;
        let reported = Promise.resolve();
        const frames = await input.media.renderSpinFrames(
          files,
          row.size,
          { renditions, quality, webpEffort: 1 },
          {
            outDir,
            processes: RENDER_PROCESSES,
            timeoutMs: renderTimeoutMs(files.length),
            onProgress: (n) => {
              rendered = before + n;
              reported = report().catch(() => undefined);
            },
          },
        );
        rendered = before + files.length;
        await reported;
        const run = inParallel(frames, STORE_CONCURRENCY, storeFrame);
        // Awaited below with the others; handled now, so a failure while the next run renders is not unhandled.
        run.catch(() => undefined);
        storing.push(run);
      }
    } catch (error) {
      // The runs being stored finish before the job's folder is removed under them.
      await Promise.allSettled(storing);
      throw error;
    }
    images.push((await settledOrFirstError(storing)).flat());
  }
  return images;
}

/** A row's frames in RENDER_RUNS runs of about equal length, in order. */
function runsOf(files: readonly string[]): string[][] {
  const per = Math.max(RENDER_PROCESSES, Math.ceil(files.length / RENDER_RUNS));
  const runs: string[][] = [];
  for (let i = 0; i < files.length; i += per) runs.push(files.slice(i, i + per));
  return runs;
}
