import type { JobsContext, ModuleJobs } from '../context.ts';

/** Placeholder until the area's processes land (issue 9). */
export function interiorJobs(_ctx: JobsContext): ModuleJobs {
  return { definitions: [], handlers: {} };
}
