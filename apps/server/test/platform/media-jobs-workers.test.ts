import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { PIPELINE_JOB_NAMES } from '../../src/modules/exterior/jobs.ts';
import { asyncUploadJob, multipleJob } from '../../src/modules/exterior/pipeline-work.ts';
import type { ProcessJobPayload } from '../../src/modules/processes/runner.ts';
import { createBoss } from '../../src/platform/jobs/boss.ts';
import {
  createJobRunner,
  type JobHandler,
  JobRegistryError,
  type JobRunner,
} from '../../src/platform/jobs/queue-registry.ts';
import { createTestDatabase } from '../helpers/database.ts';

/**
 * Two `spinyard worker` processes on one database, as pg-boss instances of their own with SPINYARD_MEDIA_JOBS=2:
 * several exterior jobs of both names enqueued, each runs exactly once (on one worker or the other), and a worker runs
 * two at once but never more, whichever names they have (the two names share the process's lanes).
 * The handlers stand in for the pipeline (which its own tests run on real media): they record and take a while.
 */

const WORK_MS = 1500;
const MEDIA_JOBS = 2;

interface Ran {
  worker: string;
  processId: string;
  start: number;
  end: number;
}

let database: { url: string; drop(): Promise<void> };
const runners: JobRunner[] = [];
const ran: Ran[] = [];

function worker(name: string): JobRunner {
  const handler: JobHandler<ProcessJobPayload> = async (payload) => {
    const start = Date.now();
    await new Promise((resolve) => setTimeout(resolve, WORK_MS));
    ran.push({ worker: name, processId: payload.processId, start, end: Date.now() });
    return 'success';
  };
  const runner = createJobRunner({
    boss: createBoss(database.url),
    definitions: [multipleJob, asyncUploadJob],
    handlers: { [multipleJob.name]: handler, [asyncUploadJob.name]: handler },
    log: () => undefined,
    lanes: { names: PIPELINE_JOB_NAMES, count: loadConfig({ SPINYARD_MEDIA_JOBS: String(MEDIA_JOBS) }).mediaJobs },
  });
  runners.push(runner);
  return runner;
}

/** The most jobs of one worker that ran at the same moment. */
function mostAtOnce(of: Ran[]): number {
  let most = 0;
  // The count is highest at some job's start: count the jobs running at each.
  for (const job of of) most = Math.max(most, of.filter((o) => o.start <= job.start && job.start < o.end).length);
  return most;
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await database?.drop();
});

describe('exterior jobs on two workers', () => {
  it('runs every job exactly once, two at a time on each worker', { timeout: 60_000 }, async () => {
    const one = worker('one');
    const two = worker('two');
    await one.start();
    await two.start();
    const ids = Array.from({ length: 8 }, (_, i) => `process-${i}`);
    for (const [i, processId] of ids.entries()) {
      // Enqueued through either node, to both job names, as requests on any `serve` node would.
      const via = i % 2 === 0 ? one : two;
      expect(await via.enqueue(i < 6 ? multipleJob : asyncUploadJob, { processId, attempt: 0 })).toEqual(
        expect.any(String),
      );
    }
    const deadline = Date.now() + 45_000;
    while (ran.length < ids.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // A moment more: a job run twice would show up now.
    await new Promise((r) => setTimeout(r, 2500));

    expect(ran.map((r) => r.processId).sort()).toEqual([...ids].sort());
    const byWorker = (name: string) => ran.filter((r) => r.worker === name);
    expect(byWorker('one').length + byWorker('two').length).toBe(ids.length);
    for (const name of ['one', 'two']) expect(mostAtOnce(byWorker(name))).toBeLessThanOrEqual(MEDIA_JOBS);
    // Eight jobs of 1.5 s, polled every second by four lanes: at least one worker had both its lanes busy.
    expect(Math.max(mostAtOnce(byWorker('one')), mostAtOnce(byWorker('two')))).toBe(MEDIA_JOBS);
  });
});

describe('SPINYARD_MEDIA_JOBS', () => {
  it('is 1 unless set, and a whole number from 1 to 16', () => {
    expect(loadConfig({}).mediaJobs).toBe(1);
    expect(loadConfig({ SPINYARD_MEDIA_JOBS: '4' }).mediaJobs).toBe(4);
    for (const wrong of ['0', '2.5', '17', 'many']) {
      expect(() => loadConfig({ SPINYARD_MEDIA_JOBS: wrong }), wrong).toThrow(ConfigError);
      expect(() => loadConfig({ SPINYARD_MEDIA_JOBS: wrong }), wrong).toThrow(/SPINYARD_MEDIA_JOBS/);
    }
  });

  it('is refused for a job the runner does not have, or below 1', () => {
    const make = (names: string[], count: number) =>
      createJobRunner({
        boss: createBoss('postgres://unused.invalid/none'),
        definitions: [multipleJob],
        handlers: { [multipleJob.name]: async () => 'success' },
        log: () => undefined,
        lanes: { names, count },
      });
    expect(() => make(['exterior.unknown'], 2)).toThrow(JobRegistryError);
    expect(() => make([multipleJob.name], 0)).toThrow(JobRegistryError);
    expect(() => make([multipleJob.name], 3)).not.toThrow();
  });
});
