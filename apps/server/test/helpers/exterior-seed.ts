import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Db } from '../../src/db/database.ts';
import type { StoredImage } from '../../src/db/schema.ts';
import { setMediaFlags } from '../../src/modules/contents/media-access.ts';
import { exteriorFlagsOf } from '../../src/modules/exterior/edit-common.ts';
import { exteriorFrameSpec, exteriorPrefix } from '../../src/modules/exterior/replace-work.ts';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import { storeImage } from '../../src/modules/vehicle-media/images.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import type { Media } from '../../src/platform/media/media.ts';
import type { BlobStore } from '../../src/platform/storage/blob-store.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { numberedFrame } from './pictures.ts';

/**
 * Real exterior frames for a vehicle in well under a second, without the video pipeline: numbered pictures made by
 * sharp (each frame its own colour, with its row and number written on it), stored through `storeImage` in every
 * size as the pipeline stores them, and written as rows through the exterior repository's `replaceGroup`. The
 * vehicle's `has_exterior` and thumbnail are set as the pipeline sets them (the first frame of the first spin row).
 *
 * Blobs go to the test app's disk store (`<dir>/media`), so `/svnmedia/...` serves them; pass `store` when the app
 * was built with another one.
 */

export interface SeedExteriorOptions {
  /** Frames of each row, in row order (default one row of 36). */
  rows?: readonly number[];
  /** Pixel size of every frame (default 320x180). */
  width?: number;
  height?: number;
  /** Rows (1-based numbers) to mark `is_temp`. */
  tempRows?: readonly number[];
  /** The first row's frames made of these pictures (encoded images, in order) instead of numbered ones. */
  pictures?: readonly Buffer[];
  store?: BlobStore;
  /** The picture of frame `frame` (0-based) of row `row` (1-based), instead of a numbered one (real spin frames). */
  picture?: (row: number, frame: number) => Promise<Buffer>;
}

export interface SeededRow {
  id: string;
  order: number;
  /** Frame ids in order. */
  frameIds: string[];
  images: StoredImage[];
}

export interface SeededExterior {
  rows: SeededRow[];
  store: BlobStore;
}

const renders = new Map<string, ReturnType<Media['renderImage']>>();
let remembering: Media | undefined;

/**
 * The media adapter with each picture's renders remembered for the process: seeds render the same numbered frames
 * in test after test, and the store keeps blobs by their content, so one render of a frame gives the same rows
 * and keys as a render per seed.
 */
function seedMedia(): Media {
  if (!remembering) {
    const media = createMedia();
    remembering = {
      ...media,
      renderImage(input, spec) {
        if (typeof input === 'string') return media.renderImage(input, spec);
        const key = createHash('sha256').update(input).update(JSON.stringify(spec)).digest('hex');
        let render = renders.get(key);
        if (!render) {
          render = media.renderImage(input, spec);
          renders.set(key, render);
          render.catch(() => renders.delete(key));
        }
        return render;
      },
    };
  }
  return remembering;
}

/** The store the test app serves media from (useTestApp / build: `<dir>/media` on disk). */
export const testAppStore = (dir: string): BlobStore => createDiskBlobStore(path.join(dir, 'media'));

/** Seeds the exterior of `contentId`: rows of numbered frames, replacing rows of the same numbers. */
export async function seedExterior(
  t: { db: Db; dir: string },
  contentId: string,
  options: SeedExteriorOptions = {},
): Promise<SeededExterior> {
  const store = options.store ?? testAppStore(t.dir);
  const media = seedMedia();
  const width = options.width ?? 320;
  const height = options.height ?? 180;
  const spec = exteriorFrameSpec('full_hd', 40_000_000);
  const counts = options.rows ?? [options.pictures?.length ?? 36];
  const made: { order: number; images: StoredImage[] }[] = [];
  for (const [r, count] of counts.entries()) {
    const images = await Promise.all(
      Array.from({ length: count }, async (_, f) =>
        storeImage(
          store,
          media,
          exteriorPrefix(contentId),
          (r === 0 ? options.pictures?.[f] : undefined) ??
            (await (options.picture ?? ((row, frame) => numberedFrame(row, frame, width, height, 'jpeg')))(r + 1, f)),
          spec,
        ),
      ),
    );
    made.push({ order: r + 1, images });
  }
  const rows = await t.db.transaction().execute(async (trx) => {
    const repo = exteriorRepo(trx);
    const out: SeededRow[] = [];
    for (const { order, images } of made) {
      const group = await repo.replaceGroup(contentId, order, images, null);
      if (options.tempRows?.includes(order)) await repo.setTemp(group.id, true);
      const frames = (await repo.frames(contentId)).filter((f) => f.group_id === group.id);
      out.push({ id: group.id, order, frameIds: frames.map((f) => f.id), images });
    }
    // As the pipeline keeps them: the first frame of the first spin row (temp rows are not part of the spin).
    await setMediaFlags(trx, contentId, await exteriorFlagsOf(trx, contentId));
    return out;
  });
  return { rows, store };
}
