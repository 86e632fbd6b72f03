import { defineJob, type JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { catalogueEntry } from './catalogue.ts';
import { makeLibraryTrack } from './generate.ts';

export interface LibraryTrackPayload {
  key: string;
}

/**
 * One job per track of the product's library, named by its key: a second enqueue (another node, a second visit to
 * the library while it is being made) is the same job and runs nothing more. Jobs of one process run one at a time,
 * so the library is made track after track, never 24 synthesizers at once.
 */
export const libraryTrackJob = defineJob<LibraryTrackPayload>('audio-library.generate-track', {
  retryLimit: 2,
  expireInSeconds: 10 * 60,
  singletonKey: (payload) => payload.key,
});

export function audioLibraryJobs(ctx: JobsContext): ModuleJobs {
  const generate: JobHandler<LibraryTrackPayload> = async (payload) => {
    const spec = catalogueEntry(payload.key);
    if (!spec) return 'skipped';
    const outcome = await makeLibraryTrack(ctx, spec);
    if (outcome === 'exists') return 'skipped';
    ctx.log('Audio library track made', { key: spec.key });
    return 'success';
  };
  return { definitions: [libraryTrackJob], handlers: { [libraryTrackJob.name]: generate } };
}
