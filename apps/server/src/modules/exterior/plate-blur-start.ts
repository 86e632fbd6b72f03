import { type ExteriorProcessStartedAnswer, readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, featureOff, fieldError } from '../../errors.ts';
import type { JobRunner } from '../../platform/jobs/queue-registry.ts';
import type { Actor } from '../auth/service.ts';
import { assertEditable } from '../contents/content-service.ts';
import { lockForMedia } from '../contents/media-access.ts';
import type { ContentProcessRow } from '../contents/repo.ts';
import { contentRecords } from '../contents/service.ts';
import { startedAnswer } from '../processes/answer.ts';
import { runProcessJob, startProcessJob } from '../processes/runner.ts';
import { processService } from '../processes/service.ts';
import { blurJob, blurProcessWork } from './blur-jobs.ts';
import type { BlurServiceDeps } from './blur-service.ts';
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

/** Nothing for the automatic plate blur to take: a row already blurred changes in the editor. */
const everyRowBlurred = () =>
  new AppError('validation_failed', {
    fields: [fieldError('content_id', 'requires', 'Every row already has its blur: change it in the blur editor.')],
  });

/**
 * `POST /exterior/{id}/autodetect-plates`: the automatic plate blur asked for by the dealer, on the rows without blur
 * settings (the same `blur` process as after a new spin). Needs the domain's blur option (403 forbidden, reason
 * background_blur_off) and such a row (422 naming content_id: a row already blurred changes in the editor).
 */
export function plateBlurStarts(deps: BlurServiceDeps) {
  const { db } = deps;
  return {
    async detectPlates(actor: Actor, contentId: string): Promise<ExteriorProcessStartedAnswer> {
      const started = await db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, 'EXTERIOR.APPLY_BLUR');
        const on = readDomainOptions(content.domain_options).background_blur;
        if (!on) throw featureOff('background_blur_off', 'The automatic blur is turned off for this domain.');
        const rows = await rowsWithoutBlur(trx, content.id);
        if (rows.length === 0) throw everyRowBlurred();
        return startProcessJob(trx, deps.jobs, deps.blurJob, {
          contentId: content.id,
          process: 'blur',
          actorUserId: actor.userId,
          payload: { auto: 'plates' },
        });
      });
      if (deps.jobs) return startedAnswer(started);
      // Without a runner (tests) the process runs here, once its row is committed.
      await runProcessJob(db, 'blur', started.id, blurProcessWork(deps), { lastAttempt: true });
      return startedAnswer((await processService(db).find(started.id)) ?? started);
    },
  };
}
