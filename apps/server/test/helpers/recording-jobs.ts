import type { Db } from '../../src/db/database.ts';
import type { JobsContext } from '../../src/modules/context.ts';
import type { ProcessJobPayload } from '../../src/modules/processes/runner.ts';
import type { JobRunner } from '../../src/platform/jobs/queue-registry.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { testAppStore } from './exterior-seed.ts';
import type { Factory } from './factory.ts';

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

/**
 * A "start it after a new spin or scene when enabled" call (made in the rows' transaction) tried once on a new
 * vehicle of each user, all in one transaction, with a recording runner: the vehicles, whether each started, and
 * the names of the jobs enqueued.
 */
export async function startsAfterNewMedia(
  t: { db: Db; make: Factory },
  users: readonly { id: string; domainId: string; companyId?: string | null }[],
  start: (trx: Db, runner: JobRunner, contentId: string, actorUserId: string) => Promise<boolean>,
): Promise<{ cars: string[]; started: boolean[]; jobs: string[] }> {
  const cars: string[] = [];
  for (const user of users) cars.push(...(await t.make.vehicles(user)));
  const { enqueued, runner } = recordingJobs();
  const started = await t.db.transaction().execute(async (trx) => {
    const out: boolean[] = [];
    for (const [i, user] of users.entries()) out.push(await start(trx, runner, cars[i]!, user.id));
    return out;
  });
  return { cars, started, jobs: enqueued.map((e) => e.name) };
}
