import { readDomainOptions } from '@spinyard/domain';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import {
  type CarPose,
  carPose,
  type FrameCorrection,
  matters,
  spinCorrections,
} from '../../platform/ai/car-geometry.ts';
import { type CarMask, carMaskOf } from '../../platform/ai/car-mask.ts';
import type { Media, SubjectMask } from '../../platform/media/media.ts';
import { type BlobStore, readBlob } from '../../platform/storage/blob-store.ts';
import { contentRecords } from '../contents/service.ts';
import { ProcessRefused, type ProcessWork } from '../processes/runner.ts';
import { storeImage } from '../vehicle-media/images.ts';
import { type BlurFrameRow, blurRepo } from './blur-repo.ts';
import {
  BLUR_MAX_INPUT_PIXELS,
  type BlurPayload,
  type CarFrames,
  type CarFramesFor,
  refreshThumbnail,
  renderRow,
  showRow,
  specLike,
} from './blur-work.ts';
import { exteriorPrefix, replaceImageWork } from './replace-work.ts';
import { exteriorRepo } from './repo.ts';

/**
 * The car-aware edits of a spin row (issue 23, points 2 and 3), on the car found on each frame
 * (platform/ai car-mask.ts) and its pose (car-geometry.ts):
 * - the background blurred or filled around the car: the `blur` process with blur_target `car_background`;
 * - the background replaced by the dealer's picture: the `exterior_replace_image` process, payload mode
 *   `background` (`POST /exterior/{id}/rows/{group_id}/replace-background`);
 * - the rotation correction (the car level, the same size and place in every frame): the `exterior_replace_image`
 *   process, payload mode `rotation` (`POST /exterior/{id}/rows/{group_id}/rotation-correction`), and, when the
 *   domain's `exterior_rotation_correction` option is on, a step of every background edit above.
 * Every one renders from the frames' ORIGINALS and shows its result as the frame's edit (edit_kind `blur`: a picture
 * made from the original), so the blur editor's undo of the row (`DELETE /blurred_contents/{id}?group_id=`) gives
 * the originals back; replaced frames are skipped, as the blur skips them (docs/decisions.md, "Car background").
 */

/** The payload of an exterior_replace_image process over a row (the one-frame replacement has `frame_id`). */
export const rowEditPayload = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('background'), group_id: z.string(), source_key: z.string(), correct: z.boolean() }),
  z.object({ mode: z.literal('rotation'), group_id: z.string() }),
  // Every spin row, as the chain after a new spin runs it (after-spin.ts) when the domain's option is on.
  z.object({ mode: z.literal('rotation_all') }),
]);
export type RowEditPayload = z.output<typeof rowEditPayload>;

const FRAME_QUALITY = 95;

/** No car found: nothing of the frame is background (so nothing is blurred or replaced on it). */
const WHOLE_FRAME: SubjectMask = { width: 1, height: 1, alpha: new Uint8Array([255]) };

/** The corrections of a row's frames (identity where no car was found), from each original's car. */
async function correctionsOf(
  deps: { store: BlobStore; media: Media },
  frames: readonly BlurFrameRow[],
  step: () => Promise<void>,
): Promise<{ corrections: Map<string, FrameCorrection>; masks: Map<string, CarMask> }> {
  const poses: (CarPose | undefined)[] = [];
  const masks = new Map<string, CarMask>();
  for (const frame of frames) {
    const original = await readBlob(deps.store, frame.original.master);
    if (!original) throw new ProcessRefused('not_found', `The original of frame ${frame.frame_order} is missing.`);
    const mask = await carMaskOf(deps.media, original);
    masks.set(frame.id, mask);
    poses.push(carPose(mask));
    await step();
  }
  const all = spinCorrections(poses);
  return { corrections: new Map(frames.map((f, i) => [f.id, all[i] as FrameCorrection])), masks };
}

/** The frame's picture levelled by its correction, when it has a visible one. */
async function levelled(media: Media, original: Buffer, correction: FrameCorrection | undefined) {
  if (!correction || !matters(correction)) return { source: original, moved: false };
  const source = await media.transformImage(original, {
    ...correction,
    maxInputPixels: BLUR_MAX_INPUT_PIXELS,
    quality: FRAME_QUALITY,
  });
  return { source, moved: true };
}

/**
 * The car-aware frames of a row for renderRow: with `correct`, each original levelled first (the masks of the
 * originals read once for the poses, `step` after each), then the car found on the picture rendered.
 */
export async function carFrames(
  deps: { store: BlobStore; media: Media },
  frames: readonly BlurFrameRow[],
  options: { correct: boolean; backdrop?: Buffer | undefined; step?: () => Promise<void> },
): Promise<CarFrames> {
  const found = options.correct
    ? await correctionsOf(deps, frames, options.step ?? (async () => {}))
    : { corrections: new Map<string, FrameCorrection>(), masks: new Map<string, CarMask>() };
  return {
    backdrop: options.backdrop,
    async prepare(frame, original, findCar) {
      const { source, moved } = await levelled(deps.media, original, found.corrections.get(frame.id));
      if (!findCar) return { source };
      const kept = moved ? undefined : found.masks.get(frame.id);
      const mask = kept ?? (await carMaskOf(deps.media, source));
      return { source, subject: mask.box ? mask : WHOLE_FRAME };
    },
  };
}

/**
 * A blur drawn on the originals (regions, or outside them) with the rotation correction on: blurred where the
 * dealer drew, on the original, then levelled, so the plate's region lands on the plate and the correction
 * survives the blur (before, a blur after the correction showed every frame unlevelled again).
 */
async function levelAfterBlur(deps: { store: BlobStore; media: Media }, frames: readonly BlurFrameRow[]) {
  const { corrections } = await correctionsOf(deps, frames, async () => {});
  return {
    prepare: async (_frame: BlurFrameRow, original: Buffer) => ({ source: original }),
    async level(frame: BlurFrameRow, jpeg: Buffer) {
      const { source, moved } = await levelled(deps.media, jpeg, corrections.get(frame.id));
      return { jpeg: source, moved };
    },
  };
}

/**
 * For the blur process (blur-work.ts blurWork): a blur around the car finds it on each frame (levelled first when
 * the domain's rotation correction is on); another blur keeps the correction by levelling after it; with the
 * correction off, other blurs need nothing.
 */
export function carBlurFrames(deps: { db: Db; store: BlobStore; media: Media }): CarFramesFor {
  return async (contentId, frames, settings) => {
    const correct = await rotationCorrectionOn(deps.db, contentId);
    if (settings.blur_target === 'car_background') return carFrames(deps, frames, { correct });
    return correct ? levelAfterBlur(deps, frames) : undefined;
  };
}

/** Whether the vehicle's domain has the rotation correction on (read when the process runs). */
export async function rotationCorrectionOn(db: Db, contentId: string): Promise<boolean> {
  const content = await contentRecords(db).find(contentId);
  return content ? readDomainOptions(content.domain_options).exterior_rotation_correction : false;
}

async function rowFrames(db: Db, contentId: string, groupId: string): Promise<BlurFrameRow[]> {
  const repo = blurRepo(db);
  if (!(await repo.group(contentId, groupId))) {
    throw new ProcessRefused('not_found', 'The row was deleted before its edit was made.');
  }
  return repo.frames(contentId, groupId);
}

/** Shows a rendered row in one transaction, with the list's thumbnail following its first frame. */
async function show(db: Db, contentId: string, groupId: string, rendered: Parameters<typeof showRow>[2]) {
  await db.transaction().execute(async (trx) => {
    await showRow(trx, groupId, rendered);
    await refreshThumbnail(trx, contentId);
  });
}

/** The background replaced by the dealer's picture on every frame of the row (mode `background`). */
async function replaceBackground(
  deps: { db: Db; store: BlobStore; media: Media },
  run: ProcessWork,
  payload: RowEditPayload & { mode: 'background' },
) {
  const backdrop = await readBlob(deps.store, payload.source_key);
  if (!backdrop) throw new ProcessRefused('not_found', 'The background picture is no longer stored.');
  const frames = await rowFrames(deps.db, run.contentId, payload.group_id);
  const share = payload.correct ? 40 : 0;
  let read = 0;
  const car = await carFrames(deps, frames, {
    correct: payload.correct,
    backdrop,
    step: async () => run.progress((++read / Math.max(1, frames.length)) * share),
  });
  const settings: BlurPayload = {
    group_id: payload.group_id,
    blur_target: 'car_background',
    blur_str: null,
    bg_color: null,
    regions: [],
  };
  const rendered = await renderRow(
    deps,
    run.contentId,
    settings,
    frames,
    (done, total) => run.progress(share + (done / Math.max(1, total)) * (95 - share)),
    car,
  );
  await show(deps.db, run.contentId, payload.group_id, rendered);
}

/** Every frame of the row levelled and brought to the spin's median size and place (mode `rotation`). */
async function correctRotation(deps: { db: Db; store: BlobStore; media: Media }, run: ProcessWork, groupId: string) {
  const frames = (await rowFrames(deps.db, run.contentId, groupId)).filter((f) => f.edit_kind !== 'replace');
  let read = 0;
  const { corrections } = await correctionsOf(deps, frames, async () =>
    run.progress((++read / Math.max(1, frames.length)) * 40),
  );
  const rendered = new Map<string, Awaited<ReturnType<typeof storeImage>>>();
  const uncovered: string[] = [];
  let done = 0;
  for (const frame of frames) {
    const original = await readBlob(deps.store, frame.original.master);
    if (!original) throw new ProcessRefused('not_found', `The original of frame ${frame.frame_order} is missing.`);
    const { source, moved } = await levelled(deps.media, original, corrections.get(frame.id));
    if (moved) {
      rendered.set(
        frame.id,
        await storeImage(deps.store, deps.media, exteriorPrefix(run.contentId), source, specLike(frame.original)),
      );
    } else if (frame.edit_kind === 'blur') {
      uncovered.push(frame.id);
    }
    await run.progress(40 + (++done / Math.max(1, frames.length)) * 55);
  }
  await show(deps.db, run.contentId, groupId, { rendered, uncovered });
}

/** Every spin row corrected in turn, the progress shared between them (the automatic step after a new spin). */
async function correctEveryRow(deps: { db: Db; store: BlobStore; media: Media }, run: ProcessWork) {
  const rows = (await exteriorRepo(deps.db).groups(run.contentId)).filter((g) => !g.is_temp);
  for (const [i, row] of rows.entries()) {
    const share = (p: number) => run.progress((i * 100 + p) / rows.length);
    await correctRotation(deps, { ...run, progress: share }, row.id);
  }
}

/** The exterior_replace_image process over a row: the background replaced, or the rotation corrected. */
export function rowEditWork(deps: { db: Db; store: BlobStore; media: Media }) {
  return async (run: ProcessWork): Promise<void> => {
    const parsed = rowEditPayload.safeParse(run.payload);
    if (!parsed.success) throw new ProcessRefused('bad_request', 'The process was recorded without its row and mode.');
    const payload = parsed.data;
    if (payload.mode === 'background') await replaceBackground(deps, run, payload);
    else if (payload.mode === 'rotation') await correctRotation(deps, run, payload.group_id);
    else await correctEveryRow(deps, run);
  };
}

/** The exterior_replace_image process's work: a row edit when its payload has a mode, else one frame replaced. */
export function replaceProcessWork(deps: { db: Db; store: BlobStore; media: Media }) {
  const frame = replaceImageWork(deps);
  const row = rowEditWork(deps);
  return (run: ProcessWork): Promise<void> => ('mode' in run.payload ? row(run) : frame(run));
}
