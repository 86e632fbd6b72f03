import type { Db } from '../../src/db/database.ts';
import type { JobsContext } from '../../src/modules/context.ts';
import type { ProcessJobPayload } from '../../src/modules/processes/runner.ts';
import type { JobRunner } from '../../src/platform/jobs/queue-registry.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { testAppStore } from './exterior-seed.ts';

/**
 * A job runner that only records what is enqueued, standing in for pg-boss: the worker tests deliver each job to
 * the area's handler themselves, as pg-boss would.
 */
export function recordingJobs(): { enqueued: { name: string; payload: ProcessJobPayload }[]; runner: JobRunner } {
  const enqueued: { name: string; payload: ProcessJobPayload }[] = [];
  const runner: JobRunner = {
    async start() {},
    async stop() {},
    async enqueue(definition, payload) {
      enqueued.push({ name: definition.name, payload: payload as unknown as ProcessJobPayload });
      return `job-${enqueued.length}`;
    },
  };
  return { enqueued, runner };
}

/** What a worker's jobs are built from in a test: the test app's database and store, and the recording runner. */
export function workerContext(t: { db: Db; dir: string }, runner?: JobRunner): JobsContext {
  return {
    db: t.db,
    store: testAppStore(t.dir),
    media: createMedia(),
    log: () => undefined,
    ...(runner ? { enqueue: runner.enqueue } : {}),
  };
}
