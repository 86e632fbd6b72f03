import type { JobsContext, ModuleJobs } from '../context.ts';

/** The contents area's jobs: transfer, copy and the reaper of processes whose worker died (vehicles issue). */
export function contentsJobs(_ctx: JobsContext): ModuleJobs {
  return { definitions: [], handlers: {} };
}
