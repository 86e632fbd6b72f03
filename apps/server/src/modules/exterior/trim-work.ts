import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline as streamed } from 'node:stream/promises';
import { EXTERIOR_SIZE_IDS, type VideoRefusal } from '@spinyard/domain';
import { z } from 'zod';
import { makeTempDir } from '../../platform/jobs/temp-space.ts';
import { ProcessRefused, type ProcessWork } from '../processes/runner.ts';
import { movieBackupRepo } from './backup-repo.ts';
import { type RowPlan, writeRows } from './pipeline-rows.ts';
import { exteriorPipeline, makeRows, type PipelineDeps } from './pipeline-work.ts';

/**
 * A dealer's trim (issue 18, point 1): the row is made again from a part of its kept original (the exterior's movie
 * backup), by the pipeline's own row making (pipeline-work.ts `makeRows`) and writing (`writeRows`). It runs as a
 * `multiple` process, the process that makes rows from videos, so it has that process's lock rules, retries, job
 * and live progress; its payload says it is a trim (`trim`), and `spinWork` hands each payload to its work.
 *
 * Idempotent: an attempt reads the original from the blob store into its own temp folder and writes the row in
 * one transaction; a retry makes the same frames under the same content-addressed keys. The original is never
 * changed, so a row can be trimmed again from the whole video.
 */

export const trimPayload = z.object({
  trim: z.object({
    backup_id: z.string(),
    start_seconds: z.number().min(0),
    end_seconds: z.number().positive(),
  }),
  group_order: z.number().int().min(1),
  /** The upload the row came from, recorded on the remade row as its source again. */
  source_id: z.string(),
  frame_count: z.number().int().min(3),
  exterior_size: z.enum(EXTERIOR_SIZE_IDS),
  rotation_correction: z.boolean(),
});
export type TrimPayload = z.output<typeof trimPayload>;

/** The refusal when the original is gone (purged by its retention): the dealer uploads the video again. */
export const sourceNotKept = () =>
  new ProcessRefused('validation_failed', 'The original video of this row is no longer kept: upload it again.', {
    field: 'group_id',
    rule: 'source_not_kept',
  });

const refuse = async (refusal: VideoRefusal): Promise<never> => {
  throw new ProcessRefused(refusal.code, refusal.message, refusal.params);
};

export function trimWork(deps: PipelineDeps) {
  return async (work: ProcessWork): Promise<void> => {
    const parsed = trimPayload.safeParse(work.payload);
    if (!parsed.success) throw new ProcessRefused('validation_failed', 'The process payload is not a trim one.');
    const payload = parsed.data;
    const backup = (await movieBackupRepo(deps.db).ofContent(work.contentId)).find(
      (b) => b.id === payload.trim.backup_id && b.purged_at === null,
    );
    if (!backup) throw sourceNotKept();
    await work.progress(1);
    const dir = await makeTempDir('spinyard-trim-');
    try {
      const blob = await deps.store.get(backup.blob_key);
      if (!blob) throw sourceNotKept();
      const file = path.join(dir, 'original');
      await streamed(blob.stream, createWriteStream(file, { mode: 0o600 }));
      const probe = await deps.media.probeVideo(file);
      if (!probe.ok)
        return refuse({ code: 'video_invalid_file', params: { video: 1 }, message: 'This video file cannot be read.' });
      const { start_seconds: start, end_seconds: end } = payload.trim;
      const rows: RowPlan[] = [
        {
          groupOrder: payload.group_order,
          videos: [
            {
              id: payload.source_id,
              file,
              fileName: backup.file_name,
              video: probe.video,
              window: { start, seconds: Math.min(end, probe.video.durationSeconds) - start },
            },
          ],
        },
      ];
      const made = await makeRows(deps, work, rows, payload, dir, refuse);
      await work.heartbeat();
      await deps.db.transaction().execute((trx) => writeRows(trx, work.contentId, rows, made, { trim: payload.trim }));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}

/** The `multiple` process's work: a trim's payload to the trim, any other to the uploads' pipeline. */
export function spinWork(deps: PipelineDeps) {
  const pipeline = exteriorPipeline(deps);
  const trim = trimWork(deps);
  const isTrim = (work: ProcessWork) => 'trim' in work.payload;
  return {
    run: (work: ProcessWork) => (isTrim(work) ? trim(work) : pipeline.run(work)),
    // A trim has nothing to give up on its last attempt: the original stays, the row as it was.
    runLast: (work: ProcessWork) => (isTrim(work) ? trim(work) : pipeline.runLast(work)),
  };
}
