import type { Db } from '../../db/database.ts';
import {
  type FrameFault,
  frameFaults,
  QUALITY_ANALYSIS_WIDTH,
  type QualityOptions,
} from '../../platform/ai/frame-quality.ts';
import type { Media } from '../../platform/media/media.ts';
import { type BlobStore, readBlob } from '../../platform/storage/blob-store.ts';
import { ProcessRefused, type ProcessWork } from '../processes/runner.ts';
import { extraFramesOf, shownImage } from './answer.ts';
import { deleteUnreferencedBlobs, exteriorFlagsOf, imagesOfFrame, refreshExteriorFlags } from './edit-common.ts';
import { exteriorRepo } from './repo.ts';

/** Pipelines that may be filling a temp row while they run: its frames are not extra then. */
export const ROW_PIPELINES = ['multiple', 'exterior_async_upload'] as const;

/** What the `exterior_extra_images_removal` process is given, decided when it was asked for. */
export interface ExtraImagesPayload {
  /** The domain's frame count: frames past it in a spin row are extra. */
  frame_count: number;
  /**
   * A pipeline that may be filling a temp row ran when the removal was asked for; none can start until the removal
   * ends (it locks EXTERIOR.UPLOAD), so temp rows are kept exactly when this is true.
   */
  keep_temp: boolean;
  /** Also the frames that measure blurred, duplicate or empty (platform/ai/frame-quality.ts); absent: none. */
  quality?: QualityOptions;
  /** The frames the dealer confirmed from the proposal: only those go (a temp row when all its frames are named). */
  confirmed?: string[];
}

/**
 * The frames of the spin rows that measure faulty by the options, with their fault (frames of temp rows are not
 * read); `onRead(read, total)` after each frame read.
 */
export async function faultyFrames(
  deps: { db: Db; store: BlobStore; media: Media },
  contentId: string,
  quality: QualityOptions,
  onRead: (read: number, total: number) => Promise<unknown> = async () => undefined,
): Promise<Map<string, FrameFault>> {
  const repo = exteriorRepo(deps.db);
  const rows = (await repo.groups(contentId)).filter((g) => !g.is_temp);
  const frames = await repo.frames(contentId);
  const faulty = new Map<string, FrameFault>();
  let read = 0;
  for (const row of rows) {
    const ofRow = frames.filter((f) => f.group_id === row.id);
    const images = [];
    for (const frame of ofRow) {
      const image = shownImage(frame);
      const data = await readBlob(deps.store, image.renditions.thumbnail?.jpeg ?? image.master);
      if (!data) throw new ProcessRefused('image_load_error', 'A frame of the spin is missing from the store.');
      images.push(await deps.media.analysisImage(data, QUALITY_ANALYSIS_WIDTH));
      await onRead(++read, frames.length);
    }
    for (const [i, fault] of frameFaults(images, quality).entries()) {
      const id = ofRow[i]?.id;
      if (fault && id) faulty.set(id, fault);
    }
  }
  return faulty;
}

/**
 * The work of `exterior_extra_images_removal` (docs/decisions.md, exterior edits): deletes the frames past the
 * domain's frame count in every spin row, the frames that measure blurred, duplicate or empty when asked (each option
 * off by default; measured before the transaction, deleted in it if still there), and the temp rows (made, never part of the spin) unless a pipeline that
 * may still be filling one ran; renumbers the rows 1..n, sets each row's frame count, the vehicle's flags, and
 * deletes the blobs nothing shows any more. One transaction, so a retry starts from the same state or finds
 * nothing left to remove.
 */
export function extraImagesWork(deps: { db: Db; store: BlobStore; media: Media }) {
  const { db, store } = deps;
  return async (run: ProcessWork): Promise<void> => {
    const {
      frame_count: frameCount,
      keep_temp: keepTemp,
      quality,
      confirmed,
    } = run.payload as Partial<ExtraImagesPayload>;
    if (typeof frameCount !== 'number' || typeof keepTemp !== 'boolean') {
      throw new ProcessRefused('bad_request', 'The process was recorded without its frame count.');
    }
    await run.progress(5);
    const measure = !confirmed && quality && (quality.blurred || quality.duplicates || quality.empty);
    const faulty = measure
      ? new Set(
          (
            await faultyFrames(deps, run.contentId, quality, (n, of) => run.progress(5 + (55 * n) / Math.max(1, of)))
          ).keys(),
        )
      : new Set(confirmed ?? []);
    const dropped = await db.transaction().execute(async (trx) => {
      const repo = exteriorRepo(trx);
      await repo.lockRows(run.contentId);
      const groups = await repo.groups(run.contentId);
      const frames = await repo.frames(run.contentId);
      const all = extraFramesOf(groups, frames, frameCount, { keepTemp });
      // Confirmed: what the dealer named, of what is still extra or measured; a temp row only with all its frames.
      const named = (f: { id: string }) => !confirmed || confirmed.includes(f.id);
      const past = {
        frames: all.frames.filter(named),
        tempGroups: all.tempGroups.filter((g) => frames.filter((f) => f.group_id === g.id).every(named)),
      };
      const extra = {
        ...past,
        frames: [...past.frames, ...frames.filter((f) => faulty.has(f.id) && !past.frames.includes(f))],
      };
      if (extra.frames.length === 0 && extra.tempGroups.length === 0) return [];
      const before = await exteriorFlagsOf(trx, run.contentId);
      const tempIds = new Set(extra.tempGroups.map((g) => g.id));
      await repo.deleteGroups([...tempIds]);
      await repo.deleteFrames(extra.frames.filter((f) => !tempIds.has(f.group_id)).map((f) => f.id));
      for (const group of groups) if (!tempIds.has(group.id)) await repo.renumberFrames(group.id);
      await repo.renumberGroups(run.contentId);
      await refreshExteriorFlags(trx, run.contentId, before);
      return extra.frames.flatMap(imagesOfFrame);
    });
    await run.progress(70);
    await deleteUnreferencedBlobs(db, store, run.contentId, dropped);
  };
}
