import type { Db } from '../../db/database.ts';
import type { StoredImage } from '../../db/schema.ts';
import type { ProbedVideo } from '../../platform/media/media.ts';
import { setMediaFlags } from '../contents/media-access.ts';
import type { PipelinePayload } from './pipeline-work.ts';
import { exteriorRepo } from './repo.ts';

/** The rows a spin process makes (pipeline-work.ts) and how they are written: shared by the uploads and the trim. */

/**
 * A video a row is made from: an upload, or (a dealer's trim, trim-work.ts) a kept original read from
 * `window.start` for `window.seconds`. `id` is the upload's, recorded on the row (`loop.sources`) so a trim finds
 * the original kept of it.
 */
export interface SpinSource {
  id: string;
  file: string;
  fileName: string | null;
  video: ProbedVideo;
  window?: { start: number; seconds: number };
}

/** The seconds of a source the row is made from. */
export const sourceSeconds = (s: SpinSource): number => s.window?.seconds ?? s.video.durationSeconds;

/** One row of the spin to make: its videos (one, or several merged), in order. */
export interface RowPlan {
  groupOrder: number;
  videos: SpinSource[];
}

/** The domain's options a row is made with, as the request recorded them. */
export type RowSettings = Pick<PipelinePayload, 'frame_count' | 'exterior_size' | 'rotation_correction'>;

/** The frames of rows made and stored (pipeline-work.ts `makeRows`), not yet written to the rows. */
export interface MadeRows {
  images: StoredImage[][];
  planned: { files: string[]; loop: Record<string, unknown> }[];
}

/**
 * Writes made rows in the caller's transaction, each with its reading and the uploads it came from (`sources`, with
 * `extra`: a trim's window), and the vehicle's flags and thumbnail from the first frame.
 */
export async function writeRows(
  trx: Db,
  contentId: string,
  rows: readonly RowPlan[],
  made: MadeRows,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const repo = exteriorRepo(trx);
  for (const [r, row] of rows.entries()) {
    const loop = { ...made.planned[r]!.loop, sources: row.videos.map((v) => v.id), ...extra };
    await repo.replaceGroup(contentId, row.groupOrder, made.images[r]!, loop);
  }
  const [first] = await repo.frames(contentId);
  const shown = first ? (first.edited ?? first.original) : undefined;
  await setMediaFlags(trx, contentId, { has_exterior: true, thumbnail_key: shown?.renditions.thumbnail?.jpeg ?? null });
}
