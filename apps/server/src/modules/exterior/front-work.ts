import type { Db } from '../../db/database.ts';
import type { StoredImage } from '../../db/schema.ts';
import { detectFront, FRONT_ANALYSIS_WIDTH, type FrontDetection } from '../../platform/ai/front-detection.ts';
import type { Media } from '../../platform/media/media.ts';
import { type BlobStore, readBlob } from '../../platform/storage/blob-store.ts';
import { ProcessRefused, type ProcessWork } from '../processes/runner.ts';
import { exteriorFlagsOf, refreshExteriorFlags } from './edit-common.ts';
import { type ExteriorFrameRow, exteriorRepo } from './repo.ts';

/**
 * The `exterior_autodetect_angle` process (front detection, docs/decisions.md "AI options"): every spin row's
 * frames are read small, the front is found (platform/ai/front-detection.ts), and the row is turned so that its
 * frame 0 shows the front, which is what the viewer's initial angle counts from (front, 45 or 90 right or left:
 * `spinStart`). Rows are read and detected one by one, and every turn is written in one transaction at the end, row
 * by row only if the row still has the same frames (an edit meanwhile wins). A row the method is unsure of is left
 * as it was; when no row could be read the process fails with `front_not_found`, saying so to the dealer. The
 * dealer can still reorder the frames or pick another angle afterwards (the exterior editor): nothing is locked in.
 */

/** The picture a frame shows (its edit, else the extracted one), at the smallest size that still reads. */
function analysisKey(frame: ExteriorFrameRow): string {
  const image: StoredImage = frame.edited ?? frame.original;
  return image.renditions.thumbnail?.jpeg ?? image.renditions.display?.jpeg ?? image.master;
}

export interface RowDetection {
  groupId: string;
  frameIds: string[];
  result: FrontDetection;
}

/** The frame ids of a row turned so that `front` comes first. */
export const turnedToFront = (frameIds: readonly string[], front: number): string[] =>
  frameIds.map((_, i) => frameIds[(i + front) % frameIds.length] as string);

export interface FrontWorkDeps {
  db: Db;
  store: BlobStore;
  media: Media;
  /** In the transaction that turns the rows: what follows (the automatic category images, front-jobs.ts). */
  afterTurn?: (trx: Db, run: ProcessWork) => Promise<unknown>;
}

export function frontDetectionWork(deps: FrontWorkDeps) {
  const { db, store, media } = deps;
  return async (run: ProcessWork): Promise<RowDetection[]> => {
    const repo = exteriorRepo(db);
    const rows = (await repo.groups(run.contentId)).filter((g) => !g.is_temp);
    const frames = await repo.frames(run.contentId);
    const total = Math.max(1, frames.length);
    let read = 0;
    const detections: RowDetection[] = [];
    for (const row of rows) {
      const ofRow = frames.filter((f) => f.group_id === row.id);
      const images = [];
      for (const frame of ofRow) {
        const data = await readBlob(store, analysisKey(frame));
        if (!data) throw new ProcessRefused('image_load_error', 'A frame of the spin is missing from the store.');
        images.push(await media.analysisImage(data, FRONT_ANALYSIS_WIDTH));
        read++;
        await run.progress(5 + (85 * read) / total);
      }
      detections.push({ groupId: row.id, frameIds: ofRow.map((f) => f.id), result: detectFront(images) });
    }
    const found = detections.filter((d) => d.result.status === 'found');
    if (found.length === 0) {
      throw new ProcessRefused(
        'front_not_found',
        'The front of the vehicle could not be told from these frames; the spin is left as it was.',
        { rows: detections.length },
      );
    }
    await db.transaction().execute(async (trx) => {
      const locked = exteriorRepo(trx);
      await locked.lockRows(run.contentId);
      const before = await exteriorFlagsOf(trx, run.contentId);
      for (const d of found) {
        if (d.result.status !== 'found' || d.result.front === 0) continue;
        const now = (await locked.framesOf(d.groupId)).map((f) => f.id);
        // Frames added, deleted or reordered meanwhile: the dealer's edit stands.
        if (now.join() !== d.frameIds.join()) continue;
        await locked.reorderFrames(d.groupId, turnedToFront(d.frameIds, d.result.front));
      }
      await refreshExteriorFlags(trx, run.contentId, before);
      await deps.afterTurn?.(trx, run);
    });
    return detections;
  };
}
