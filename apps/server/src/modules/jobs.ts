import { mailJob } from '../platform/jobs/mail-job.ts';
import { type JobDefinition, type JobHandler, JobRegistryError } from '../platform/jobs/queue-registry.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { AppModule, JobsContext, ModuleJobs } from './context.ts';
import { MODULES } from './index.ts';
import type { ProcessJobPayload } from './processes/runner.ts';

/** One owner's jobs: a module's, or a platform adapter's (the mail queue). */
export interface JobSet extends ModuleJobs {
  /** The module or platform name; every job name starts with it (`tenancy.purge-deleted-domains`). */
  owner: string;
}

/** The job sets of the modules that have jobs, each built from the worker's adapters. */
export function moduleJobSets(modules: readonly AppModule[], ctx: JobsContext): JobSet[] {
  return modules.flatMap((module) => {
    const jobs = module.jobs?.(ctx);
    return jobs ? [{ owner: module.name, ...jobs }] : [];
  });
}

/**
 * Every owner's jobs as one registry for createJobRunner, the way app.ts registers every module's routes. A job
 * name outside its owner's prefix, or claimed by two owners, is refused here with both names; a definition
 * without its handler (or the reverse) is refused by the registry itself when the runner is created.
 */
export function collectJobs(sets: readonly JobSet[]): ModuleJobs {
  const definitions: JobDefinition<never>[] = [];
  const handlers: Record<string, JobHandler<never>> = {};
  const owners = new Map<string, string>();
  const problems: string[] = [];
  const claim = (name: string, owner: string): boolean => {
    const earlier = owners.get(name);
    if (earlier !== undefined && earlier !== owner) {
      const problem = `job "${name}" is registered by both ${earlier} and ${owner}`;
      if (!problems.includes(problem)) problems.push(problem);
      return false;
    }
    owners.set(name, owner);
    return true;
  };
  for (const set of sets) {
    for (const definition of set.definitions) {
      if (!definition.name.startsWith(`${set.owner}.`)) {
        problems.push(`job "${definition.name}" of ${set.owner} must be named "${set.owner}.<job>"`);
      }
      if (claim(definition.name, set.owner)) definitions.push(definition);
    }
    for (const [name, handler] of Object.entries(set.handlers)) {
      if (claim(name, set.owner)) handlers[name] = handler;
    }
  }
  if (problems.length > 0) throw new JobRegistryError(`Job registry refused: ${problems.join('; ')}`);
  return { definitions, handlers };
}

/**
 * The server's whole registry: the mail queue's job (a platform adapter's) and every module's. `serve` and
 * `worker` both start their runner from it, so a new area's jobs need nothing outside its own folder.
 */
export function serverJobs(ctx: JobsContext & { mailer: Mailer }, modules: readonly AppModule[] = MODULES): ModuleJobs {
  // Filled once every area's jobs are built; read only when a job runs (the reaper's retry).
  const processJobs = new Map<string, JobDefinition<ProcessJobPayload>>();
  const sets = moduleJobSets(modules, { ...ctx, processJobFor: (process) => processJobs.get(process) });
  for (const set of sets) {
    for (const [process, definition] of Object.entries(set.processJobs ?? {})) {
      if (processJobs.has(process)) throw new JobRegistryError(`process "${process}" has two jobs`);
      processJobs.set(process, definition);
    }
  }
  return collectJobs([
    { owner: 'mail', definitions: [mailJob], handlers: { [mailJob.name]: mailJob.handlerFor(ctx.mailer) } },
    ...sets,
  ]);
}
