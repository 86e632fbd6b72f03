import {
  DEFAULT_MIN_VIDEO_SECONDS,
  type ExteriorCreateBody,
  type ExteriorProcessStartedAnswer,
  type RunningProcess,
  readDomainOptions,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { JobRunner } from '../../platform/jobs/queue-registry.ts';
import type { Media } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia } from '../contents/media-access.ts';
import { processQueryService } from '../contents/process-query-service.ts';
import { toProcessAnswer } from '../processes/answer.ts';
import { contentLocks } from '../processes/locks.ts';
import { type ProcessWork, runProcessJob, startProcessJob } from '../processes/runner.ts';
import { uploadsService } from '../uploads/service.ts';
import type { UploadFiles } from '../uploads/tus.ts';
import {
  asyncUploadJob,
  exteriorPipeline,
  multipleJob,
  type PipelineHooks,
  type PipelinePayload,
} from './pipeline-work.ts';

export interface PipelineServiceDeps {
  db: Db;
  store: BlobStore;
  media: Media;
  /** Absent (tests without a runner): the process runs in the request, once its row is committed. */
  jobs: JobRunner | undefined;
  /** Where the uploads area keeps the received files (the job reads them from there). */
  files: UploadFiles;
  hooks?: PipelineHooks | undefined;
  now?: () => Date;
}

/** The processes that make rows of frames from videos: one at a time on a vehicle. */
export const SPIN_PROCESSES: readonly RunningProcess[] = ['multiple', 'exterior_async_upload'];

/**
 * `POST /exterior/{content_id}`: the vehicle's ready uploads become a spin. In one transaction: the media gate
 * (`EXTERIOR.UPLOAD`, and `EXTERIOR.ASYNC_UPLOAD` with the async option), no other spin being made on the vehicle,
 * the uploads the caller's own on this vehicle and `ready`, the rows within the domain's maximum; then the uploads
 * are claimed (`preparing`) and ONE process is recorded and enqueued (`exterior_async_upload` with the domain's
 * async option, else `multiple`). The job's work is pipeline-work.ts.
 */
export function pipelineService(deps: PipelineServiceDeps) {
  const { db } = deps;
  const pipeline = exteriorPipeline(deps);

  return {
    async start(actor: Actor, contentId: string, body: ExteriorCreateBody): Promise<ExteriorProcessStartedAnswer> {
      const started = await db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, 'EXTERIOR.UPLOAD');
        const options = readDomainOptions(content.domain_options);
        const process: RunningProcess = options.async_mobile_upload ? 'exterior_async_upload' : 'multiple';
        if (process === 'exterior_async_upload')
          await contentLocks(trx).assertUnlocked(content.id, 'EXTERIOR.ASYNC_UPLOAD');
        await assertNoSpinMaking(trx, actor, content.id);

        const ids = body.upload_ids;
        const repeated = ids.findIndex((id, i) => ids.indexOf(id) !== i);
        if (repeated >= 0) {
          throw new AppError('validation_failed', {
            fields: [fieldError(`upload_ids.${repeated}`, 'unique', 'Name each upload once.')],
          });
        }
        const uploads = uploadsService({ db: trx, expireAfterMs: 0 });
        const rows = [];
        for (const [i, id] of ids.entries()) {
          const row = await uploads.find(id);
          // Another user's upload, or one of another vehicle, is as unknown as none.
          if (!row || row.user_id !== actor.userId || row.content_id !== content.id || row.purpose !== 'exterior') {
            throw new AppError('validation_failed', {
              fields: [fieldError(`upload_ids.${i}`, 'not_found', 'No such upload of yours on this vehicle.')],
            });
          }
          if (row.status !== 'ready') {
            throw new AppError('invalid_state_transition', { params: { upload_id: id, status: row.status } });
          }
          rows.push(row);
        }

        const groupOrder = body.group_order ?? 1;
        const lastRow = options.upload_type === 'group' ? groupOrder : groupOrder + ids.length - 1;
        if (lastRow > options.obvr_rows_max) {
          const max = options.obvr_rows_max;
          throw new AppError('validation_failed', {
            fields: [
              fieldError(
                options.upload_type === 'group' || ids.length === 1 ? 'group_order' : 'upload_ids',
                'max_rows',
                `A spin has at most ${max} ${max === 1 ? 'row' : 'rows'}: each video makes a row.`,
              ),
            ],
          });
        }

        for (const row of rows) {
          if (!(await uploads.claim(row.id))) {
            throw new AppError('invalid_state_transition', { params: { upload_id: row.id, status: 'taken' } });
          }
        }
        const payload: PipelinePayload = {
          upload_ids: rows.map((r) => r.id),
          files: rows.map((r) => deps.files.pathOf(r.id)),
          file_names: rows.map((r) => r.file_name),
          group_order: groupOrder,
          upload_type: options.upload_type,
          domain_id: content.domain_id,
          frame_count: options.exterior_frame_count,
          exterior_size: options.exterior_size,
          rotation_correction: options.exterior_rotation_correction,
          backup_days: options.movie_backup_days,
          min_seconds: DEFAULT_MIN_VIDEO_SECONDS,
        };
        const definition = process === 'multiple' ? multipleJob : asyncUploadJob;
        const row = await startProcessJob(trx, deps.jobs, definition, {
          contentId: content.id,
          process,
          actorUserId: actor.userId,
          payload,
        });
        return { row, process };
      });

      const answer = await answerStarted(db, deps.jobs, started.process, started.row, pipeline.runLast);
      return { content_id: started.row.content_id, process: answer };
    },
  };
}

/** Two spins made at once would race for the same rows: refused while one is being made (409 content_locked). */
export async function assertNoSpinMaking(trx: Db, actor: Actor, contentId: string): Promise<void> {
  const running = await processQueryService(trx).isProcessing(actor, contentId);
  const making = running.processes.find((p) => SPIN_PROCESSES.includes(p.process as RunningProcess));
  if (making) {
    throw new AppError('content_locked', {
      params: { process: making.process, content_id: contentId, operation: 'EXTERIOR.UPLOAD' },
    });
  }
}

/**
 * A started spin process as the request answers it. No runner (tests): the work runs here, after the commit, as a
 * worker would run it (its one and last attempt), and the answer says how it ended.
 */
export async function answerStarted(
  db: Db,
  jobs: JobRunner | undefined,
  process: RunningProcess,
  row: Parameters<typeof toProcessAnswer>[0],
  runLast: (run: ProcessWork) => Promise<void>,
) {
  const answer = toProcessAnswer(row);
  if (!answer) throw new Error('The process was recorded under an unknown name.');
  if (jobs) return answer;
  let failure: unknown;
  const work = async (run: ProcessWork) => {
    try {
      await runLast(run);
    } catch (error) {
      failure = error;
      throw error;
    }
  };
  await runProcessJob(db, process, row.id, work, { lastAttempt: true });
  return {
    ...answer,
    status: failure === undefined ? ('succeeded' as const) : ('failed' as const),
    progress: failure === undefined ? 100 : answer.progress,
    finished_at: new Date().toISOString(),
    error: failure === undefined ? null : errorText(failure),
  };
}

const errorText = (error: unknown): string => {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    return `${error.code}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
};

export type PipelineService = ReturnType<typeof pipelineService>;
