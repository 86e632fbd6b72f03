import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { EnqueueOptions, JobDefinition, JobRunner } from './queue-registry.ts';

/** How the runner (queue-registry.ts) puts jobs on pg-boss's queues: ids from keys, options, the wake-up notice. */

/**
 * The channel every enqueue notifies with the job's name (in the enqueue's own transaction, so it arrives once the
 * job is committed): a working node wakes the worker of that name at once, and polls only as a fallback.
 */
export const JOB_WAKE_CHANNEL = 'spinyard_jobs';

/**
 * pg-boss only dedupes a singleton key under some queue policies and only while the job waits, so the key is
 * turned into the job's own id instead (a name-based UUID, RFC 9562 version 5): the insert of a second job with
 * that id is a no-op for as long as the first one is kept.
 */
export function jobIdFor(name: string, key: string): string {
  const bytes = createHash('sha1').update(`spinyard-job\u0000${name}\u0000${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** pg-boss's options of one job of `definition`; a singleton key becomes its id (jobIdFor). */
export function jobOptions(definition: JobDefinition<never>, key: string | undefined) {
  return {
    retryLimit: definition.retryLimit,
    retryBackoff: true,
    expireInSeconds: definition.expireInSeconds,
    ...(key === undefined ? {} : { id: jobIdFor(definition.name, key), singletonKey: key }),
  };
}

/** Wakes the workers of `name`, on the enqueue's connection: inside its transaction, once the jobs are committed. */
export async function notifyEnqueued(boss: PgBoss, name: string, options: EnqueueOptions): Promise<void> {
  await (options.db ?? boss.getDb()).executeSql('SELECT pg_notify($1, $2)', [JOB_WAKE_CHANNEL, name]);
}

/** Many jobs of `definition` in one statement (pg-boss's insert: a job whose id is kept already is left alone). */
export async function sendMany<Payload extends object>(
  boss: PgBoss,
  definition: JobDefinition<Payload>,
  payloads: readonly Payload[],
  options: EnqueueOptions,
): Promise<void> {
  if (payloads.length === 0) return;
  const jobs = payloads.map((data) => ({
    name: definition.name,
    data,
    ...jobOptions(definition as JobDefinition<never>, definition.singletonKey?.(data)),
  }));
  await boss.insert(jobs, options.db ? { db: options.db } : {});
  await notifyEnqueued(boss, definition.name, options);
}

/** Many jobs at once: in one statement where the runner can, else one enqueue each (a test's stand-in runner). */
export async function enqueueAll<Payload extends object>(
  runner: Pick<JobRunner, 'enqueue' | 'enqueueMany'>,
  definition: JobDefinition<Payload>,
  payloads: readonly Payload[],
  options: EnqueueOptions = {},
): Promise<void> {
  if (runner.enqueueMany) return runner.enqueueMany(definition, payloads, options);
  for (const payload of payloads) await runner.enqueue(definition, payload, options);
}
