import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SLIDER_MAX_ITEMS, type SliderCategory } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { StoredImage } from '../../db/schema.ts';
import { sharpness } from '../../platform/ai/image-stats.ts';
import { makeTempDir } from '../../platform/jobs/temp-space.ts';
import type { Media } from '../../platform/media/media.ts';
import { type BlobStore, readBlob } from '../../platform/storage/blob-store.ts';
import { setMediaFlags } from '../contents/media-access.ts';
import { contentRecords } from '../contents/service.ts';
import { openingRowPictures } from '../exterior/picks.ts';
import { scenePictures } from '../interior/picks.ts';
import { ProcessRefused, type ProcessWork } from '../processes/runner.ts';
import { renderedImage, storeRendered } from '../vehicle-media/images.ts';
import { IMAGE_SPEC, prefixOf } from './area-rules.ts';
import { sliderRepo } from './repo.ts';

/**
 * Automatic category images (the processes `exterior_autogenerate_category_images` and
 * `interior_autogenerate_category_images`, docs/decisions.md "AI options"): pictures picked by rule and measured
 * sharpness, not by a model, added to the slider as ordinary category images the dealer then keeps, captions,
 * reorders or deletes in the slider editor before publishing.
 * - Exterior: the spin's opening row at five angles counted from its frame 0 (the front once front detection ran):
 *   front three-quarter (45), side (90), rear three-quarter (135), rear (180) and front (0). Of the frame nearest
 *   each angle and its two neighbours, the sharpest is taken (a walker's step blurs some frames).
 * - Interior: each scene's view where the viewer opens (its initial view, 90 degrees wide), up to five scenes.
 * Each picture is 16:9 at 1920x1080 (1280x720 from a smaller source: the spec's two 16:9 sizes), cut around its most
 * salient part. At most five a run (the spec's count of category images a video takes). A picture already in the
 * slider (the same bytes: blobs are content-addressed) is not added twice, so a retry or a second run adds nothing
 * it added before.
 */

export const AUTO_IMAGES_MAX = 5;
/** Degrees from the front, clockwise seen from above, in the order the pictures are added. */
export const EXTERIOR_PICK_ANGLES = [45, 90, 135, 180, 0] as const;
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;
const VIEW_FOV = 90;

type Source = 'exterior' | 'interior';

/** The largest of the spec's 16:9 sizes the source covers (the smaller one when it covers neither). */
const sizeFor = (width: number, height: number) =>
  SIZES.find((s) => width >= s.width && height >= s.height) ?? SIZES[1];

/** Frame places of the spin at the pick angles: of each angle's frame and its neighbours, the sharpest. */
export async function exteriorPicks(media: Media, store: BlobStore, frames: readonly StoredImage[]): Promise<number[]> {
  const n = frames.length;
  if (n === 0) return [];
  const sharp = new Map<number, number>();
  const sharpnessOf = async (i: number) => {
    const known = sharp.get(i);
    if (known !== undefined) return known;
    const image = frames[i] as StoredImage;
    const data = await readBlob(store, image.renditions.display?.jpeg ?? image.master);
    const value = data ? sharpness(await media.analysisImage(data, 256)) : 0;
    sharp.set(i, value);
    return value;
  };
  const picks: number[] = [];
  for (const angle of EXTERIOR_PICK_ANGLES) {
    const at = Math.round((angle / 360) * n) % n;
    // A frame another angle took is not offered again (neighbours of two angles meet in a short spin).
    const free = [at, (at + n - 1) % n, (at + 1) % n].filter((i) => !picks.includes(i));
    let best: number | undefined;
    for (const i of free) if (best === undefined || (await sharpnessOf(i)) > (await sharpnessOf(best))) best = i;
    if (best !== undefined) picks.push(best);
  }
  return picks.slice(0, AUTO_IMAGES_MAX);
}

/** The pictures of a run, as 16:9 JPEGs, in the order they are added. */
async function exteriorPictures(deps: CategoryAutoDeps, run: ProcessWork): Promise<Buffer[]> {
  const frames = await openingRowPictures(deps.db, run.contentId);
  if (frames.length === 0) throw new ProcessRefused('not_found', 'The vehicle has no spin to pick pictures from.');
  const picks = await exteriorPicks(deps.media, deps.store, frames);
  await run.progress(40);
  const out: Buffer[] = [];
  for (const i of picks) {
    const image = frames[i] as StoredImage;
    const data = await readBlob(deps.store, image.master);
    if (!data) throw new ProcessRefused('image_load_error', 'A frame of the spin is missing from the store.');
    const size = sizeFor(image.width, image.height);
    out.push(await deps.media.cropToSize(data, size.width, size.height));
  }
  return out;
}

async function interiorPictures(deps: CategoryAutoDeps, run: ProcessWork): Promise<Buffer[]> {
  const scenes = (await scenePictures(deps.db, run.contentId)).slice(0, AUTO_IMAGES_MAX);
  if (scenes.length === 0) throw new ProcessRefused('not_found', 'The vehicle has no interior to pick pictures from.');
  const dir = await makeTempDir('spinyard-auto-images-');
  try {
    const out: Buffer[] = [];
    for (const [k, scene] of scenes.entries()) {
      const data = await readBlob(deps.store, scene.image.master);
      if (!data) throw new ProcessRefused('image_load_error', 'A panorama is missing from the store.');
      const panorama = path.join(dir, `scene-${k}.jpg`);
      await writeFile(panorama, data);
      const folder = path.join(dir, `view-${k}`);
      await mkdir(folder);
      const size = sizeFor((scene.image.width * VIEW_FOV) / 360, (scene.image.height * VIEW_FOV) / 180);
      await deps.media.renderPanoramaViews({
        panorama,
        views: [{ yaw: scene.view.yaw, pitch: scene.view.pitch, fov: VIEW_FOV }],
        ...size,
        folder,
        signal: run.signal,
      });
      const [first] = (await readdir(folder)).sort();
      if (first) out.push(await readFile(path.join(folder, first)));
      await run.progress(10 + (50 * (k + 1)) / scenes.length);
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface CategoryAutoDeps {
  db: Db;
  store: BlobStore;
  media: Media;
}

/** The work of both processes: the pictures made, stored in the slider's sizes, and added as items at the end. */
export function categoryAutoWork(deps: CategoryAutoDeps, source: Source) {
  const category: SliderCategory = source;
  return async (run: ProcessWork): Promise<void> => {
    await run.progress(5);
    const pictures = source === 'exterior' ? await exteriorPictures(deps, run) : await interiorPictures(deps, run);
    const stored: StoredImage[] = [];
    for (const [k, picture] of pictures.entries()) {
      const rendered = await renderedImage(deps.media, picture, IMAGE_SPEC);
      stored.push(await storeRendered(deps.store, prefixOf(run.contentId, 'slider'), rendered));
      await run.progress(60 + (35 * (k + 1)) / pictures.length);
    }
    await deps.db.transaction().execute(async (trx) => {
      // The vehicle locked as the slider's own edits lock it (lockForMedia), so an upload or delete waits its turn.
      await contentRecords(trx).lock([run.contentId]);
      const repo = sliderRepo(trx);
      const items = await repo.items(run.contentId);
      const have = new Set(items.flatMap((i) => (i.image ? [i.image.master] : [])));
      let count = items.length;
      for (const image of stored) {
        if (have.has(image.master) || count >= SLIDER_MAX_ITEMS) continue;
        await repo.insertItem(run.contentId, { kind: 'image', category, caption: '', image, video_id: null });
        have.add(image.master);
        count++;
      }
      const now = await repo.items(run.contentId);
      await setMediaFlags(trx, run.contentId, { has_category_images: now.some((i) => i.kind === 'image') });
    });
  };
}
