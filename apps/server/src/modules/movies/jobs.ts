import { CONTENT_MOVIE_KINDS, CONTENT_MOVIE_PROCESS, type ContentMovieKind } from '@spinyard/domain';
import type { JobDefinition, JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { defineProcessJob, PROCESS_JOB_RETRIES, runProcessJob } from '../processes/runner.ts';
import { MOVIE_FORMAT, type MovieFormat } from './format.ts';
import { runMovieRender } from './work.ts';

/** A promo of a few minutes at 1080p renders in a minute or two on two cores; past this the attempt lost its worker. */
const EXPIRE_SECONDS = 30 * 60;

/** One job per movie kind, named after its process (slider_movie, obvr_movie, tour_movie). */
export const MOVIE_JOBS: Record<ContentMovieKind, JobDefinition<ProcessJobPayload>> = {
  slider: defineProcessJob('movies.slider-movie', { expireInSeconds: EXPIRE_SECONDS }),
  obvr: defineProcessJob('movies.obvr-movie', { expireInSeconds: EXPIRE_SECONDS }),
  tour: defineProcessJob('movies.tour-movie', { expireInSeconds: EXPIRE_SECONDS }),
};

/** The three renders as process jobs of the runner (progress, locks, retries, the reaper's restart). */
export function moviesJobs(ctx: JobsContext, format: MovieFormat = MOVIE_FORMAT): ModuleJobs {
  const handler =
    (kind: ContentMovieKind): JobHandler<ProcessJobPayload> =>
    (payload, job) => {
      const lastAttempt = job.retryCount >= PROCESS_JOB_RETRIES;
      return runProcessJob(
        ctx.db,
        CONTENT_MOVIE_PROCESS[kind],
        payload.processId,
        (run) => runMovieRender({ ...ctx, format, lastAttempt }, kind, run),
        { lastAttempt },
      );
    };
  return {
    definitions: CONTENT_MOVIE_KINDS.map((kind) => MOVIE_JOBS[kind]),
    handlers: Object.fromEntries(CONTENT_MOVIE_KINDS.map((kind) => [MOVIE_JOBS[kind].name, handler(kind)])),
    processJobs: Object.fromEntries(CONTENT_MOVIE_KINDS.map((kind) => [CONTENT_MOVIE_PROCESS[kind], MOVIE_JOBS[kind]])),
  };
}
