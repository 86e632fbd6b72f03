import {
  DEFAULT_MIN_VIDEO_SECONDS,
  type ExteriorProcessStartedAnswer,
  type ExteriorTrimBody,
  type ExteriorTrimSourceAnswer,
  readDomainOptions,
  trimProblem,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { JobRunner } from '../../platform/jobs/queue-registry.ts';
import type { Media } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia, visibleForMedia } from '../contents/media-access.ts';
import { startProcessJob } from '../processes/runner.ts';
import { type MovieBackupRow, movieBackupRepo } from './backup-repo.ts';
import { answerStarted, assertNoSpinMaking } from './pipeline-service.ts';
import { multipleJob } from './pipeline-work.ts';
import { exteriorRepo } from './repo.ts';
import { type TrimPayload, trimWork } from './trim-work.ts';

export interface TrimServiceDeps {
  db: Db;
  store: BlobStore;
  media: Media;
  /** Absent (tests without a runner): the trim runs in the request, once its process is committed. */
  jobs: JobRunner | undefined;
}

/** What the row's reading (pipeline-plan.ts, pipeline-rows.ts) says of where it came from and how it was cut. */
interface RowReading {
  sources?: unknown;
  trim?: { start_seconds?: unknown; end_seconds?: unknown };
  close_seconds?: unknown;
  frame_times?: unknown;
}

const numberOr = <T>(value: unknown, fallback: T): number | T => (typeof value === 'number' ? value : fallback);

/** The row, the original it was made from when that is one video still kept, and its reading. */
async function rowSource(db: Db, contentId: string, groupId: string) {
  const group = await exteriorRepo(db).group(contentId, groupId);
  if (!group || group.is_temp) throw new AppError('not_found');
  const reading = (group.loop ?? {}) as RowReading;
  const sources = Array.isArray(reading.sources) ? reading.sources.filter((s) => typeof s === 'string') : [];
  // A row merged from several videos has no one original to cut: it is uploaded again.
  let backup: MovieBackupRow | undefined;
  if (sources.length === 1) {
    backup = (await movieBackupRepo(db).ofContent(contentId))
      .filter((b) => b.upload_id === sources[0] && b.purged_at === null)
      .at(-1);
  }
  return { group, reading, source: sources[0], backup };
}

const notKept = () =>
  new AppError('validation_failed', {
    fields: [
      fieldError('group_id', 'source_not_kept', 'The original video of this row is no longer kept: upload it again.'),
    ],
  });

const PROBLEM_TEXT = {
  after_start: 'The end must come after the start.',
  within_source: 'The end is past the end of the video.',
  min_duration: `Keep at least ${DEFAULT_MIN_VIDEO_SECONDS} seconds of the video.`,
} as const;

/**
 * A dealer's trim of a row (trim-work.ts): what the dialog shows (`source`), and the start of the row's remaking
 * from a part of its kept original (`start`) behind the same gate as an upload's spin: `EXTERIOR.UPLOAD` not
 * locked, no other spin being made on the vehicle.
 */
export function trimService(deps: TrimServiceDeps) {
  const { db } = deps;
  const work = trimWork(deps);
  return {
    async source(actor: Actor, contentId: string, groupId: string): Promise<ExteriorTrimSourceAnswer> {
      await visibleForMedia(db, actor, contentId);
      const { group, reading, backup } = await rowSource(db, contentId, groupId);
      const start = numberOr(reading.trim?.start_seconds, 0);
      const frameTimes = Array.isArray(reading.frame_times)
        ? reading.frame_times.filter((t) => typeof t === 'number')
        : [];
      return {
        group_id: group.id,
        group_order: group.group_order,
        kept: backup !== undefined,
        source_seconds: backup?.duration_seconds ?? null,
        file_name: backup?.file_name ?? null,
        min_seconds: DEFAULT_MIN_VIDEO_SECONDS,
        start_seconds: start,
        // Times of a trimmed row count from its start; the dialog shows them on the original's clock.
        end_seconds: numberOr(reading.trim?.end_seconds, null) ?? numberOr(reading.close_seconds, null),
        frame_seconds: frameTimes.map((t) => t + start),
      };
    },

    async start(
      actor: Actor,
      contentId: string,
      groupId: string,
      body: ExteriorTrimBody,
    ): Promise<ExteriorProcessStartedAnswer> {
      const row = await db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, 'EXTERIOR.UPLOAD');
        await assertNoSpinMaking(trx, actor, content.id);
        const { group, source, backup } = await rowSource(trx, content.id, groupId);
        if (!backup || source === undefined) throw notKept();
        const problem = trimProblem(body, { seconds: backup.duration_seconds, minSeconds: DEFAULT_MIN_VIDEO_SECONDS });
        if (problem) {
          throw new AppError('validation_failed', {
            fields: [fieldError(problem.field, problem.rule, PROBLEM_TEXT[problem.rule])],
          });
        }
        const options = readDomainOptions(content.domain_options);
        const payload: TrimPayload = {
          trim: { backup_id: backup.id, start_seconds: body.start_seconds, end_seconds: body.end_seconds },
          group_order: group.group_order,
          source_id: source,
          frame_count: options.exterior_frame_count,
          exterior_size: options.exterior_size,
          rotation_correction: options.exterior_rotation_correction,
        };
        return startProcessJob(trx, deps.jobs, multipleJob, {
          contentId: content.id,
          process: 'multiple',
          actorUserId: actor.userId,
          payload,
        });
      });
      const answer = await answerStarted(db, deps.jobs, 'multiple', row, work);
      return { content_id: row.content_id, process: answer };
    },
  };
}

export type TrimService = ReturnType<typeof trimService>;
