import {
  type BlurRegion,
  type BlurTarget,
  blurSigma,
  EXTERIOR_RENDITION_WIDTHS,
  RENDITION_QUALITY,
  regionsAt,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { StoredImage } from '../../db/schema.ts';
import type { BlurSpec, Media, RenditionSpec, SubjectMask } from '../../platform/media/media.ts';
import { type BlobStore, readBlob } from '../../platform/storage/blob-store.ts';
import { setMediaFlags } from '../contents/media-access.ts';
import { ProcessRefused, type ProcessWork } from '../processes/runner.ts';
import { storeImage } from '../vehicle-media/images.ts';
import { type BlurFrameRow, blurRepo, savedBlurSettings } from './blur-repo.ts';
import { exteriorPrefix } from './replace-work.ts';

/**
 * The work of the `blur` process and the preview: every frame of a row rendered from its ORIGINAL (a blur never
 * compounds on an earlier blur) with the regions present on that frame (domain media/blur-regions.ts), blurred or
 * filled inside them or outside them. Readings (docs/decisions.md, "Media: blur"):
 * - A frame no region reaches keeps no edit (an earlier blur of it goes).
 * - A replaced frame (edit_kind 'replace') is skipped: its replacement stays as it is, unblurred. A replacement is
 *   a picture the dealer chose on purpose, and the one `edited` column cannot hold both it and a blur of it (an
 *   undo of the blur would lose the replacement). To blur it, undo the replacement first, or upload it blurred.
 * - The blurred frame is stored in exactly the sizes its original has, through storeImage (content-addressed, so a
 *   retried job writes the same keys); the rows change in one transaction at the end, so the spin shows the old
 *   frames or the new ones, never half of each.
 */

/** Frames are at most 4K (8.3 Mpx); anything far above is no frame of ours. */
export const BLUR_MAX_INPUT_PIXELS = 40_000_000;
/** Quality of the blurred full-size picture handed to storeImage (which encodes the stored sizes again). */
const INTERMEDIATE_QUALITY = 95;
/** Quality of a preview JPEG (shown once, never stored). */
export const PREVIEW_QUALITY = 80;
/** Frames rendered at once: enough to keep sharp's threads busy, few enough to keep 4K frames' memory small. */
const CONCURRENCY = 2;

/** What the process is given: the row and the settings as applied (kept with the process, so a retry is the same). */
export type BlurPayload = {
  group_id: string;
  blur_target: BlurTarget;
  blur_str: number | null;
  bg_color: string | null;
  regions: BlurRegion[];
};

/**
 * The adapter's spec for one frame of a row of `n` frames: undefined when no region is on it (but around the car,
 * which is on every frame: its mask is added by renderRow, car-background.ts). `backdrop`: the dealer's picture
 * that replaces the background (the exterior_replace_image process), instead of a blur or a colour.
 */
export function blurSpecFor(
  settings: Pick<BlurPayload, 'blur_target' | 'blur_str' | 'bg_color' | 'regions'>,
  frame: number,
  n: number,
  quality: number,
  maxWidth?: number,
  backdrop?: Buffer,
): BlurSpec | undefined {
  const areas = regionsAt(settings.regions, frame, n).map(({ shape, box }) => ({ shape, box }));
  const aroundCar = settings.blur_target === 'car_background';
  if (areas.length === 0 && !aroundCar) return undefined;
  const strength = settings.blur_str;
  return {
    target: settings.blur_target === 'regions' ? 'regions' : 'background',
    look: backdrop
      ? { kind: 'image', image: backdrop }
      : settings.bg_color !== null
        ? { kind: 'fill', color: settings.bg_color }
        : { kind: 'blur', sigma: (width) => blurSigma(strength ?? 1, width) },
    areas,
    maxInputPixels: BLUR_MAX_INPUT_PIXELS,
    maxWidth,
    quality,
  };
}

/**
 * The sizes to store a blurred frame in: those of its original, so every rendition keeps its URL's meaning. Encoded
 * `fast`, as the pipeline encodes a spin's frames: a row is dozens of large pictures, and the compact encoders
 * (mozjpeg's trellis, WebP effort 3) took 0.65 CPU seconds a 1080p frame against 0.14 (docs/operations.md, "Plate
 * blur"), for files some 10 to 20 % smaller.
 */
export function specLike(original: StoredImage): RenditionSpec {
  const renditions: RenditionSpec['renditions'] = {};
  for (const [name, r] of Object.entries(original.renditions)) renditions[name] = { width: r.width };
  return { maxInputPixels: BLUR_MAX_INPUT_PIXELS, renditions, quality: RENDITION_QUALITY, encoding: 'fast' };
}

/** The display-size JPEG of a frame (its display rendition, else its largest one, else its master). */
export function displayKeyOf(image: StoredImage): string {
  const display = image.renditions.display;
  if (display) return display.jpeg;
  const widest = Object.values(image.renditions)
    .filter((r) => r.width <= EXTERIOR_RENDITION_WIDTHS.display)
    .sort((a, b) => b.width - a.width)[0];
  return widest?.jpeg ?? image.master;
}

async function inBatches<T>(items: readonly T[], size: number, each: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(each));
}

function readPayload(payload: Record<string, unknown>): BlurPayload {
  const parsed = savedBlurSettings.omit({ saved_at: true }).safeParse(payload);
  const groupId = payload.group_id;
  if (!parsed.success || typeof groupId !== 'string') {
    throw new ProcessRefused('bad_request', 'The blur process was recorded without its row and settings.');
  }
  return { ...parsed.data, group_id: groupId };
}

/**
 * What the car-aware edits add to a row's render (car-background.ts): each frame's picture to start from (the
 * original, or the original levelled by the rotation correction) with the car found on it, and the dealer's
 * picture replacing the background. Plain frames: the original as it is, no car.
 */
export interface CarFrames {
  prepare(frame: BlurFrameRow, original: Buffer, findCar: boolean): Promise<{ source: Buffer; subject?: SubjectMask }>;
  backdrop?: Buffer;
  /**
   * The rotation correction kept under a blur drawn on the originals (regions, or outside them): every frame
   * levelled after its blur, and the frames no region reaches levelled too (moved: false where nothing changed).
   */
  level?(frame: BlurFrameRow, jpeg: Buffer): Promise<{ jpeg: Buffer; moved: boolean }>;
}

const plainFrames: CarFrames = {
  prepare: async (_frame, original, findCar) => {
    // Without the car found, the "background" would be the whole frame: refused rather than blurred whole.
    if (findCar) throw new ProcessRefused('bad_request', 'The background around the car needs the car found.');
    return { source: original };
  },
};

/** The car-aware frames of a row for a blur around the car (car-background.ts `carBlurFrames`), else none. */
export type CarFramesFor = (
  contentId: string,
  frames: readonly BlurFrameRow[],
  settings: BlurPayload,
) => Promise<CarFrames | undefined>;

/** A row's blur rendered and not yet shown: the blurred frames by id, and the blurred frames no region reaches now. */
export interface RenderedRow {
  rendered: Map<string, StoredImage>;
  uncovered: string[];
}

/**
 * Renders the row's frames with `settings` from their originals (replaced frames skipped), CONCURRENCY at a time,
 * reporting each frame done; nothing is shown until `showRow`.
 */
export async function renderRow(
  deps: { store: BlobStore; media: Media },
  contentId: string,
  settings: BlurPayload,
  frames: readonly BlurFrameRow[],
  frameDone: (done: number, total: number) => Promise<void>,
  car: CarFrames = plainFrames,
): Promise<RenderedRow> {
  const { store, media } = deps;
  const n = frames.length;
  const rendered = new Map<string, StoredImage>();
  const uncovered: string[] = [];
  const todo: { frame: BlurFrameRow; spec: BlurSpec | null }[] = [];
  for (const frame of frames) {
    if (frame.edit_kind === 'replace') continue;
    const spec = blurSpecFor(settings, frame.frame_order, n, INTERMEDIATE_QUALITY, undefined, car.backdrop);
    if (spec || car.level) todo.push({ frame, spec: spec ?? null });
    else if (frame.edit_kind === 'blur') uncovered.push(frame.id);
  }
  let done = 0;
  await inBatches(todo, CONCURRENCY, async ({ frame, spec }) => {
    const original = await readBlob(store, frame.original.master);
    if (!original) throw new ProcessRefused('not_found', `The original of frame ${frame.frame_order} is missing.`);
    const { source, subject } = await car.prepare(frame, original, settings.blur_target === 'car_background');
    const jpeg = spec ? (await media.blurImage(source, { ...spec, subject })).jpeg : source;
    const shown = car.level ? await car.level(frame, jpeg) : { jpeg, moved: true };
    if (spec || shown.moved) {
      rendered.set(
        frame.id,
        await storeImage(store, media, exteriorPrefix(contentId), shown.jpeg, specLike(frame.original)),
      );
    } else if (frame.edit_kind === 'blur') {
      uncovered.push(frame.id);
    }
    done += 1;
    await frameDone(done, todo.length);
  });
  return { rendered, uncovered };
}

/** Shows a rendered row in the caller's transaction: its blurred frames, and the originals where no region is now. */
export async function showRow(trx: Db, groupId: string, row: RenderedRow): Promise<void> {
  const write = blurRepo(trx);
  for (const [frameId, image] of row.rendered) await write.setBlurred(frameId, image);
  await write.clearBlur(groupId, row.uncovered);
}

/** The `blur` process: renders the row's frames and shows them in one transaction at the end. */
export function blurWork(deps: { db: Db; store: BlobStore; media: Media }, carFor?: CarFramesFor) {
  const { db } = deps;
  return async (run: ProcessWork): Promise<void> => {
    const settings = readPayload(run.payload);
    const repo = blurRepo(db);
    if (!(await repo.group(run.contentId, settings.group_id))) {
      throw new ProcessRefused('not_found', 'The row was deleted before its blur was made.');
    }
    const frames = await repo.frames(run.contentId, settings.group_id);
    const car = await carFor?.(run.contentId, frames, settings);
    const row = await renderRow(
      deps,
      run.contentId,
      settings,
      frames,
      (done, total) => run.progress((done / Math.max(1, total)) * 95),
      car,
    );
    await db.transaction().execute(async (trx) => {
      await showRow(trx, settings.group_id, row);
      await refreshThumbnail(trx, run.contentId);
    });
  };
}

/**
 * The vehicle list's thumbnail follows the shown image of the spin's first frame (the first frame of the first row
 * that is not temp), so a plate blurred there is blurred in the list too, and back after an undo.
 */
export async function refreshThumbnail(trx: Db, contentId: string): Promise<void> {
  const repo = blurRepo(trx);
  const first = await repo.firstSpinFrame(contentId);
  if (!first) return;
  const shown = first.edited ?? first.original;
  const key = shown.renditions.thumbnail?.jpeg;
  if (key && key !== (await repo.thumbnailKey(contentId))) await setMediaFlags(trx, contentId, { thumbnail_key: key });
}
