import { readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { ProcessRefused, type ProcessWork } from '../contents/process-jobs.ts';
import { contentsRepo } from '../contents/repo.ts';
import { extraFramesOf } from './answer.ts';
import { deleteUnreferencedBlobs, imagesOfFrame, refreshExteriorFlags } from './edit-common.ts';
import { exteriorRepo } from './repo.ts';

/** Pipelines that may be filling a temp row while they run: its frames are not extra then. */
export const ROW_PIPELINES = ['multiple', 'exterior_async_upload'] as const;

/**
 * The work of `exterior_extra_images_removal` (docs/decisions.md, exterior edits): deletes the frames past the
 * domain's frame count in every spin row, and the temp rows (made, never part of the spin) unless a pipeline that
 * may still be filling one runs; renumbers the rows 1..n, sets each row's frame count, the vehicle's flags, and
 * deletes the blobs nothing shows any more. One transaction, so a retry starts from the same state or finds
 * nothing left to remove.
 */
export function extraImagesWork(deps: { db: Db; store: BlobStore }) {
  const { db, store } = deps;
  return async (run: ProcessWork): Promise<void> => {
    await run.progress(5);
    const dropped = await db.transaction().execute(async (trx) => {
      const [content] = await contentsRepo(trx).lock([run.contentId]);
      if (!content) throw new ProcessRefused('not_found', 'The vehicle is gone.');
      const repo = exteriorRepo(trx);
      const running = await contentsRepo(trx).runningProcesses([run.contentId]);
      const keepTemp = running.some((p) => (ROW_PIPELINES as readonly string[]).includes(p.process));
      const groups = await repo.groups(run.contentId);
      const frames = await repo.frames(run.contentId);
      const frameCount = readDomainOptions(content.domain_options).exterior_frame_count;
      const extra = extraFramesOf(groups, frames, frameCount, { keepTemp });
      if (extra.frames.length === 0 && extra.tempGroups.length === 0) return [];
      const tempIds = new Set(extra.tempGroups.map((g) => g.id));
      await repo.deleteGroups([...tempIds]);
      await repo.deleteFrames(extra.frames.filter((f) => !tempIds.has(f.group_id)).map((f) => f.id));
      for (const group of groups) if (!tempIds.has(group.id)) await repo.renumberFrames(group.id);
      await repo.renumberGroups(run.contentId);
      await refreshExteriorFlags(trx, run.contentId, content);
      return extra.frames.flatMap(imagesOfFrame);
    });
    await run.progress(70);
    await deleteUnreferencedBlobs(db, store, run.contentId, dropped);
  };
}
