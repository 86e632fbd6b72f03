import { readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { JobRunner } from '../../platform/jobs/queue-registry.ts';
import { assertEditable } from '../contents/content-service.ts';
import type { ContentProcessRow } from '../contents/repo.ts';
import { contentRecords } from '../contents/service.ts';
import { startProcessJob } from '../processes/runner.ts';
import { blurJob } from './blur-jobs.ts';
import { rowsWithoutBlur } from './plate-blur-work.ts';

/**
 * When the automatic plate blur starts (issue 23, point 1): once a spin process (`multiple`,
 * `exterior_async_upload`) has succeeded, as a `blur` process of its own, so it has the blur's lock rules (the
 * exterior's edits wait for it), live progress, retries and its place in the editor ("the latest blur process").
 * It starts only when
 * - the vehicle's domain has its blur option on (`background_blur`, "background or plate blur" in the console:
 *   the spec's one AI option "blur of background or licence plate");
 * - the vehicle may be edited (not deleted, not under a listing link) and no running process locks
 *   EXTERIOR.APPLY_BLUR (a blur already running takes up the new rows itself before it ends);
 * - a row of the spin has no blur settings yet (plate-blur-work.ts).
 * Otherwise nothing happens: the dealer still blurs by hand in the editor.
 */
export async function startPlateBlur(
  db: Db,
  jobs: Pick<JobRunner, 'enqueue'> | undefined,
  contentId: string,
  actorUserId: string | null,
): Promise<ContentProcessRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const [content] = await contentRecords(trx).lock([contentId]);
    if (!content || !readDomainOptions(content.domain_options).background_blur) return undefined;
    try {
      await assertEditable(trx, content, 'EXTERIOR.APPLY_BLUR');
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
    if ((await rowsWithoutBlur(trx, contentId)).length === 0) return undefined;
    return startProcessJob(trx, jobs, blurJob, {
      contentId,
      process: 'blur',
      actorUserId,
      payload: { auto: 'plates' },
    });
  });
}
