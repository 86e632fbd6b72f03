import { readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { PlateDetector } from '../../platform/ai/plate-detector.ts';
import type { JobRunner } from '../../platform/jobs/queue-registry.ts';
import type { ContentProcessRow } from '../contents/repo.ts';
import { contentRecords } from '../contents/service.ts';
import type { JobsContext } from '../context.ts';
import { runProcessJob } from '../processes/runner.ts';
import { processService } from '../processes/service.ts';
import { startAutoImagesIfEnabled } from '../slider/category-auto-service.ts';
import { blurProcessWork } from './blur-jobs.ts';
import { startPlateBlur } from './plate-blur-start.ts';
import { isPlateBlur } from './plate-blur-work.ts';

/**
 * What follows a new spin, one process after another: front detection, then the automatic plate blur, then the
 * automatic category images, each when the vehicle's domain has it on (docs/decisions.md, "After a new spin").
 * Each waits for the one before: the blur draws its regions on the frames the front detection has just turned, and
 * category images cut from frames whose plates are not yet blurred would publish them. A step that ended in failure
 * still hands on, so one weak step never stops the others; the dealer can run any of them again by hand.
 */
export type SpinStep = 'spin' | 'front' | 'plates';

type Ctx = Pick<JobsContext, 'db' | 'store' | 'media' | 'log' | 'enqueue'>;

const jobsOf = (ctx: Pick<JobsContext, 'enqueue'>) => (ctx.enqueue ? { enqueue: ctx.enqueue } : undefined);

async function optionsOf(db: Db, contentId: string) {
  const content = await contentRecords(db).find(contentId);
  return content ? readDomainOptions(content.domain_options) : undefined;
}

/**
 * In the transaction that ends a step (the spin writing its rows, the front detection turning them): the category
 * images start there and then only when no plate blur comes between; otherwise the step's end hands on (`nextAfter`).
 */
export async function imagesNowUnlessBlurComes(
  trx: Db,
  jobs: Pick<JobRunner, 'enqueue'> | undefined,
  contentId: string,
  actorUserId: string | null,
): Promise<void> {
  if ((await optionsOf(trx, contentId))?.background_blur) return;
  await startAutoImagesIfEnabled(trx, jobs, contentId, 'exterior', actorUserId);
}

/**
 * Called when a step's process has ended (its attempt's outcome written): starts the next step, and answers the plate
 * blur when that is what it started. After the spin, the front detection (started in the spin's own transaction)
 * owns what comes next; after the front detection, the plate blur or, with none to do, the category images; after
 * the plate blur, the category images. Never throws: a failure to start is logged, never the ended step's failure.
 * Without a job runner (tests that build the jobs alone) the blur runs here.
 */
export async function nextAfter(
  ctx: Ctx,
  step: SpinStep,
  processId: string,
  plates?: PlateDetector,
): Promise<ContentProcessRow | undefined> {
  try {
    const ended = await processService(ctx.db).find(processId);
    if (!ended || (ended.status !== 'succeeded' && ended.status !== 'failed')) return undefined;
    // A blur the dealer applied from the editor is no step of this chain.
    if (step === 'plates' && !isPlateBlur(ended.payload)) return undefined;
    if (
      step === 'spin' &&
      (ended.status === 'failed' || (await optionsOf(ctx.db, ended.content_id))?.front_detection)
    ) {
      return undefined;
    }
    const options = await optionsOf(ctx.db, ended.content_id);
    if (!options) return undefined;
    const jobs = jobsOf(ctx);
    if (step !== 'plates' && options.background_blur) {
      const started = await startPlateBlur(ctx.db, jobs, ended.content_id, ended.actor_user_id);
      if (started && !jobs) {
        await runProcessJob(ctx.db, 'blur', started.id, blurProcessWork(ctx, plates), { lastAttempt: true });
        await nextAfter(ctx, 'plates', started.id, plates);
      }
      if (started) return started;
    }
    // With no blur to come, the step's own transaction started them (imagesNowUnlessBlurComes), if it ran.
    const startedAlready = !options.background_blur && (step === 'spin' || ended.status === 'succeeded');
    if (step !== 'plates' && startedAlready) return undefined;
    await ctx.db
      .transaction()
      .execute((trx) => startAutoImagesIfEnabled(trx, jobs, ended.content_id, 'exterior', ended.actor_user_id));
    return undefined;
  } catch (error) {
    ctx.log('exterior.after-spin-not-started', { step, processId, error: (error as Error).message });
    return undefined;
  }
}
