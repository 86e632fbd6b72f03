import type { ProcessJobPayload } from '../../src/modules/processes/runner.ts';
import type { JobRunner } from '../../src/platform/jobs/queue-registry.ts';

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
