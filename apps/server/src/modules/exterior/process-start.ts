import { readFile } from 'node:fs/promises';
import {
  type ExteriorProcessStartedAnswer,
  type REPLACE_IMAGE_MIME_TYPES,
  type RunningProcess,
  readDomainOptions,
  replacementImageRefusal,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, featureOff, fieldError } from '../../errors.ts';
import type { QualityOptions } from '../../platform/ai/frame-quality.ts';
import type { JobDefinition } from '../../platform/jobs/queue-registry.ts';
import type { Media } from '../../platform/media/media.ts';
import { putContentAddressed } from '../../platform/storage/content-addressed.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia } from '../contents/media-access.ts';
import { processQueryService } from '../contents/process-query-service.ts';
import type { ContentProcessRow } from '../contents/repo.ts';
import { toProcessAnswer } from '../processes/answer.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { ProcessRefused, type ProcessWork, runProcessJob, startProcessJob } from '../processes/runner.ts';
import { fileRefusal } from '../vehicle-media/image-refusals.ts';
import { extraImagesJob, replaceImageJob } from './edit-jobs.ts';
import type { ExteriorServiceDeps, ReplacementFile } from './exterior-service.ts';
import { type ExtraImagesPayload, extraImagesWork, ROW_PIPELINES } from './extra-images-work.ts';
import { frontDetectionJob } from './front-jobs.ts';
import { frontDetectionWork } from './front-work.ts';
import { type ReplaceImagePayload, replaceImageWork, replaceSourcePrefix } from './replace-work.ts';
import { exteriorRepo } from './repo.ts';

/** A failed process's error as the process row keeps it (process-jobs.ts): the catalogue code first when known. */
function storedError(error: unknown): string {
  const text =
    error instanceof ProcessRefused || error instanceof AppError
      ? `${error.code}: ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
  return text.slice(0, 500);
}

/** The replacement's bytes and kind, once it is a JPEG or PNG fitting inside the replacement size. */
export async function checkedReplacement(media: Media, file: ReplacementFile) {
  const data = await readFile(file.path);
  const measured = await media.measureImage(data);
  // The domain's rule, the one the console applies before sending.
  const refused = replacementImageRefusal(measured);
  if (refused?.code === 'image_dimensions_invalid') throw fileRefusal(refused);
  if (refused || measured.width === undefined || measured.height === undefined) {
    throw new AppError('unsupported_image_format', { params: { formats: 'jpeg, png' } });
  }
  const mime = measured.mime as (typeof REPLACE_IMAGE_MIME_TYPES)[number];
  return { data, mime };
}

export const extensionOf = (mime: string): string => (mime === 'image/png' ? 'png' : 'jpg');

/** Records processes and runs them (here, without a runner) for the exterior's process starts. */
export function processStarter(deps: Pick<ExteriorServiceDeps, 'db' | 'store' | 'media' | 'jobs'>) {
  const { db } = deps;

  /** Records a process and hands it to the runner, or runs it here once committed; answers the process as it is. */
  async function runProcess(
    trx: Db,
    values: { contentId: string; process: RunningProcess; actorUserId: string; payload: Record<string, unknown> },
    definition: JobDefinition<ProcessJobPayload>,
  ): Promise<ContentProcessRow> {
    return startProcessJob(trx, deps.jobs, definition, values);
  }

  /**
   * Without a runner the process runs here, now that its row is committed; the answer is the process as it ended
   * (the row as started, with the outcome the run gave it). With a runner: the process as queued.
   */
  async function afterCommit(
    row: ContentProcessRow,
    process: RunningProcess,
    work: (run: ProcessWork) => Promise<void>,
  ): Promise<ExteriorProcessStartedAnswer> {
    let current: ContentProcessRow = row;
    if (!deps.jobs) {
      let outcome: Pick<ContentProcessRow, 'status' | 'progress' | 'error'> = { ...row, status: 'running' };
      await runProcessJob(
        db,
        process,
        row.id,
        async (run) => {
          try {
            await work(run);
            outcome = { status: 'succeeded', progress: 100, error: null };
          } catch (error) {
            outcome = { status: 'failed', progress: row.progress, error: storedError(error) };
            throw error;
          }
        },
        { lastAttempt: true },
      );
      current = { ...row, ...outcome, finished_at: new Date() };
    }
    const answer = toProcessAnswer(current);
    if (!answer) throw new Error(`The process ${process} is unknown to this build.`);
    return { content_id: current.content_id, process: answer };
  }

  /**
   * A service method `(actor, contentId, target, file)` that starts exterior_replace_image with an uploaded picture
   * (the target a frame or a row), in one transaction: `payloadOf` makes the checks and calls `keep` once they
   * passed, which checks the file (a replacement image) and keeps it in the store; the process is recorded with the
   * payload it answers. Kept and then the transaction failed, the file goes again.
   */
  function startWithPicture(
    payloadOf: (
      trx: Db,
      actor: Actor,
      contentId: string,
      target: string,
      keep: () => Promise<string>,
    ) => Promise<object>,
    work: (run: ProcessWork) => Promise<void>,
  ) {
    return async (
      actor: Actor,
      contentId: string,
      target: string,
      file: ReplacementFile,
    ): Promise<ExteriorProcessStartedAnswer> => {
      let sourceKey: string | undefined;
      const keep = async () => {
        const { data, mime } = await checkedReplacement(deps.media, file);
        const prefix = replaceSourcePrefix(contentId);
        sourceKey = (await putContentAddressed(deps.store, prefix, data, extensionOf(mime))).key;
        return sourceKey;
      };
      try {
        const row = await db.transaction().execute(async (trx) => {
          const payload = await payloadOf(trx, actor, contentId, target, keep);
          return recordReplace(trx, actor, contentId, payload);
        });
        sourceKey = undefined;
        return await afterCommit(row, 'exterior_replace_image', work);
      } finally {
        if (sourceKey !== undefined) await deps.store.delete(sourceKey).catch(() => undefined);
      }
    };
  }

  /** Records an exterior_replace_image process with its payload (a frame's replacement, or a row edit). */
  function recordReplace(trx: Db, actor: Actor, contentId: string, payload: object): Promise<ContentProcessRow> {
    const values = { contentId, process: 'exterior_replace_image', actorUserId: actor.userId } as const;
    return runProcess(trx, { ...values, payload: { ...payload } }, replaceImageJob);
  }

  return { runProcess, afterCommit, startWithPicture, recordReplace };
}

/**
 * The exterior's edits that run as processes: replacing a frame with an image, removing the extra images. Each
 * records its process in the vehicle's transaction and answers the process as started (or, without a runner, as it
 * ended).
 */
export function exteriorProcesses(deps: ExteriorServiceDeps) {
  const { db } = deps;
  const { runProcess, afterCommit, startWithPicture } = processStarter(deps);

  return {
    /**
     * `POST .../replace-image`: checks the file by its content (JPEG or PNG: unsupported_image_format; inside
     * 1280x720: image_dimensions_invalid), keeps it in the store and starts `exterior_replace_image`, which renders
     * it into the frame (replace-work.ts).
     */
    replaceImage: startWithPicture(async (trx, actor, contentId, frameId, keep): Promise<ReplaceImagePayload> => {
      const content = await lockForMedia(trx, actor, contentId, 'EXTERIOR.REPLACE_IMAGE');
      const frame = await exteriorRepo(trx).frame(contentId, frameId);
      if (!frame) throw new AppError('not_found');
      return {
        frame_id: frame.id,
        source_key: await keep(),
        exterior_size: readDomainOptions(content.domain_options).exterior_size,
      };
    }, replaceImageWork(deps)),

    /** Starts `exterior_extra_images_removal` (extra-images-work.ts). */
    async removeExtraImages(
      actor: Actor,
      contentId: string,
      quality: QualityOptions & { confirmed?: string[] } = { blurred: false, duplicates: false, empty: false },
    ): Promise<ExteriorProcessStartedAnswer> {
      const { confirmed, ...measures } = quality;
      const row = await db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, 'EXTERIOR.REMOVE_EXTRA_IMAGES');
        const { processes } = await processQueryService(trx).isProcessing(actor, contentId);
        const payload: ExtraImagesPayload = {
          frame_count: readDomainOptions(content.domain_options).exterior_frame_count,
          keep_temp: processes.some((p) => (ROW_PIPELINES as readonly string[]).includes(p.process)),
          quality: measures,
          ...(confirmed ? { confirmed } : {}),
        };
        return runProcess(
          trx,
          {
            contentId,
            process: 'exterior_extra_images_removal',
            actorUserId: actor.userId,
            payload: { ...payload },
          },
          extraImagesJob,
        );
      });
      return afterCommit(row, 'exterior_extra_images_removal', extraImagesWork(deps));
    },

    /**
     * `POST .../autodetect-angle`: starts `exterior_autodetect_angle` (front-work.ts), which turns every spin row so
     * its frame 0 is the front. Needs the domain's front detection option (403 forbidden, reason
     * front_detection_off) and a spin row (422 naming content_id, rule requires).
     */
    async detectFront(actor: Actor, contentId: string): Promise<ExteriorProcessStartedAnswer> {
      const row = await db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, 'EXTERIOR.DETECT_ANGLE');
        if (!readDomainOptions(content.domain_options).front_detection) {
          throw featureOff('front_detection_off', 'Front detection is turned off for this domain.');
        }
        if (!content.has_exterior) {
          throw new AppError('validation_failed', {
            fields: [fieldError('content_id', 'requires', 'The vehicle has no spin yet: upload a walk-around video.')],
          });
        }
        return runProcess(
          trx,
          { contentId, process: 'exterior_autodetect_angle', actorUserId: actor.userId, payload: {} },
          frontDetectionJob,
        );
      });
      const work = frontDetectionWork(deps);
      return afterCommit(row, 'exterior_autodetect_angle', async (run) => {
        await work(run);
      });
    },
  };
}
