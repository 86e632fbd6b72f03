import { type DomainOptions, readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { PlateDetector } from '../../platform/ai/plate-detector.ts';
import type { JobRunner } from '../../platform/jobs/queue-registry.ts';
import { assertEditable } from '../contents/content-service.ts';
import type { ContentProcessRow } from '../contents/repo.ts';
import { contentRecords } from '../contents/service.ts';
import type { JobsContext } from '../context.ts';
import { runProcessJob, startProcessJob } from '../processes/runner.ts';
import { processService } from '../processes/service.ts';
import { startAutoImagesIfEnabled } from '../slider/category-auto-service.ts';
import { blurProcessWork } from './blur-jobs.ts';
import { rowEditPayload, rowEditWork } from './car-background.ts';
import { replaceImageJob } from './edit-jobs.ts';
import { startPlateBlur } from './plate-blur-start.ts';
import { isPlateBlur } from './plate-blur-work.ts';

/**
 * What follows a new spin, one process after another: front detection, the rotation correction of every row, the
 * automatic plate blur, then the automatic category images, each when the vehicle's domain has it on
 * (docs/decisions.md, "After a new spin"). Each waits for the one before: the correction levels the frames the
 * front detection has just turned, the blur draws its regions on the originals and levels after them, and category
 * images cut before the blur would publish an unblurred plate. A step that ended in failure still hands on, so one
 * weak step never stops the others; the dealer can run any of them again by hand.
 */
export type SpinStep = 'spin' | 'front' | 'rotation' | 'plates';

type Ctx = Pick<JobsContext, 'db' | 'store' | 'media' | 'log' | 'enqueue'>;
type Jobs = Pick<JobRunner, 'enqueue'> | undefined;

const jobsOf = (ctx: Pick<JobsContext, 'enqueue'>): Jobs => (ctx.enqueue ? { enqueue: ctx.enqueue } : undefined);

async function optionsOf(db: Db, contentId: string): Promise<DomainOptions | undefined> {
  const content = await contentRecords(db).find(contentId);
  return content ? readDomainOptions(content.domain_options) : undefined;
}

/** Whether a step of the chain is still to come after the spin or its front detection. */
const laterStepsOn = (o: DomainOptions) => o.exterior_rotation_correction || o.background_blur;

/**
 * In the transaction that ends a step (the spin writing its rows, the front detection turning them): the category
 * images start there and then only when no correction or plate blur comes between; else the chain hands on.
 */
export async function imagesNowUnlessBlurComes(
  trx: Db,
  jobs: Jobs,
  contentId: string,
  actorUserId: string | null,
): Promise<void> {
  const options = await optionsOf(trx, contentId);
  if (!options || laterStepsOn(options)) return;
  await startAutoImagesIfEnabled(trx, jobs, contentId, 'exterior', actorUserId);
}

/** The rotation correction of every spin row, when the vehicle may be edited now (else the dealer runs it later). */
async function startRotation(db: Db, jobs: Jobs, contentId: string, actorUserId: string | null) {
  return db.transaction().execute(async (trx) => {
    const [content] = await contentRecords(trx).lock([contentId]);
    if (!content) return undefined;
    try {
      await assertEditable(trx, content, 'EXTERIOR.REPLACE_IMAGE');
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
    const payload = { mode: 'rotation_all' } as const;
    return startProcessJob(trx, jobs, replaceImageJob, {
      contentId,
      process: 'exterior_replace_image',
      actorUserId,
      payload,
    });
  });
}

/** Whether the ended process is the step `step` of this chain (a dealer's own blur or replacement is not). */
function isChainStep(step: SpinStep, process: ContentProcessRow): boolean {
  if (step === 'plates') return isPlateBlur(process.payload);
  if (step === 'rotation') return rowEditPayload.safeParse(process.payload).data?.mode === 'rotation_all';
  return true;
}

/**
 * Called when a step's process has ended (its attempt's outcome written): starts the next step, and answers the
 * process it started (tests). After the spin with front detection on, the detection (started in the spin's own
 * transaction) owns what comes next. Never throws: a failure to start is logged, never the ended step's failure.
 * Without a job runner (tests that build the jobs alone) the started step runs here, and hands on in turn.
 */
export async function nextAfter(
  ctx: Ctx,
  step: SpinStep,
  processId: string,
  plates?: PlateDetector,
): Promise<ContentProcessRow | undefined> {
  try {
    const ended = await processService(ctx.db).find(processId);
    if (!ended || (ended.status !== 'succeeded' && ended.status !== 'failed') || !isChainStep(step, ended)) {
      return undefined;
    }
    const options = await optionsOf(ctx.db, ended.content_id);
    if (!options || (step === 'spin' && (ended.status === 'failed' || options.front_detection))) return undefined;
    const jobs = jobsOf(ctx);
    const { content_id: contentId, actor_user_id: actor } = ended;
    if ((step === 'spin' || step === 'front') && options.exterior_rotation_correction) {
      const started = await startRotation(ctx.db, jobs, contentId, actor);
      if (started && !jobs) {
        await runProcessJob(ctx.db, 'exterior_replace_image', started.id, rowEditWork(ctx), { lastAttempt: true });
        await nextAfter(ctx, 'rotation', started.id, plates);
      }
      if (started) return started;
    }
    if (step !== 'plates' && options.background_blur) {
      const started = await startPlateBlur(ctx.db, jobs, contentId, actor);
      if (started && !jobs) {
        await runProcessJob(ctx.db, 'blur', started.id, blurProcessWork(ctx, plates), { lastAttempt: true });
        await nextAfter(ctx, 'plates', started.id, plates);
      }
      if (started) return started;
    }
    // With no later step on, the step's own transaction started them (imagesNowUnlessBlurComes), if it ran.
    const startedAlready =
      (step === 'spin' || (step === 'front' && ended.status === 'succeeded')) && !laterStepsOn(options);
    if (startedAlready) return undefined;
    await ctx.db.transaction().execute((trx) => startAutoImagesIfEnabled(trx, jobs, contentId, 'exterior', actor));
    return undefined;
  } catch (error) {
    ctx.log('exterior.after-spin-not-started', { step, processId, error: (error as Error).message });
    return undefined;
  }
}
