import {
  type ExteriorProcessStartedAnswer,
  effectiveImageSystem,
  readDomainOptions,
  type SliderAutoGenerateBody,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, featureOff, fieldError } from '../../errors.ts';
import type { JobRunner } from '../../platform/jobs/queue-registry.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia } from '../contents/media-access.ts';
import type { ContentRecord } from '../contents/repo.ts';
import { contentRecords } from '../contents/service.ts';
import { startedAnswer } from '../processes/answer.ts';
import { runProcessJob, startProcessJob } from '../processes/runner.ts';
import type { SliderDeps } from './area-rules.ts';
import { categoryAutoWork } from './category-auto-work.ts';
import { AUTO_IMAGES_JOBS, AUTO_IMAGES_PROCESS, type AutoImagesSource } from './jobs.ts';

/**
 * Whether a vehicle gets automatic category images: the domain offers them (`ai_category_image_autogeneration`)
 * and its owner's image-system setting of the same name, which starts from the domain's, is on.
 */
export function autoImagesEnabled(row: Pick<ContentRecord, 'domain_options' | 'owner_image_system'>): boolean {
  const options = readDomainOptions(row.domain_options);
  return (
    options.ai_category_image_autogeneration &&
    effectiveImageSystem(options, row.owner_image_system).ai_category_image_autogeneration
  );
}

/**
 * Starts the automatic category images of `source` in the caller's transaction when the vehicle has them on: what a
 * new spin (after its front detection) and a new interior scene call. Answers whether it was started.
 */
export async function startAutoImagesIfEnabled(
  trx: Db,
  jobs: Pick<JobRunner, 'enqueue'> | undefined,
  contentId: string,
  source: AutoImagesSource,
  actorUserId: string | null,
): Promise<boolean> {
  const content = await contentRecords(trx).find(contentId);
  if (!content || !autoImagesEnabled(content)) return false;
  await startProcessJob(trx, jobs, AUTO_IMAGES_JOBS[source], {
    contentId,
    process: AUTO_IMAGES_PROCESS[source],
    actorUserId,
  });
  return true;
}

/** `POST /slider/{id}/auto-generate`: the dealer asks for the automatic category images of a source. */
export function categoryAutoService(deps: SliderDeps & { jobs?: JobRunner | undefined }) {
  const { db } = deps;
  return {
    async generate(
      actor: Actor,
      contentId: string,
      body: SliderAutoGenerateBody,
    ): Promise<ExteriorProcessStartedAnswer> {
      const { source } = body;
      const row = await db.transaction().execute(async (trx) => {
        const operation =
          source === 'exterior'
            ? 'CATEGORY_IMAGE.GENERATE_IMAGE_AUTO_EXTERIOR'
            : 'CATEGORY_IMAGE.GENERATE_IMAGE_AUTO_INTERIOR';
        const content = await lockForMedia(trx, actor, contentId, operation);
        if (!autoImagesEnabled(content)) {
          throw featureOff('ai_category_images_off', 'Automatic category images are turned off for this vehicle.');
        }
        if (!(source === 'exterior' ? content.has_exterior : content.has_interior)) {
          throw new AppError('validation_failed', {
            fields: [fieldError('source', 'requires', `The vehicle has no ${source} to pick pictures from.`)],
          });
        }
        return startProcessJob(trx, deps.jobs, AUTO_IMAGES_JOBS[source], {
          contentId,
          process: AUTO_IMAGES_PROCESS[source],
          actorUserId: actor.userId,
        });
      });
      // Without a job runner (tests, a node without workers) the process runs here once its row is committed; the
      // answer names it as started, and its end reaches the console like any other (the socket, a read).
      if (!deps.jobs) {
        await runProcessJob(db, AUTO_IMAGES_PROCESS[source], row.id, categoryAutoWork(deps, source), {
          lastAttempt: true,
        });
      }
      return startedAnswer(row);
    },
  };
}

export type CategoryAutoService = ReturnType<typeof categoryAutoService>;
