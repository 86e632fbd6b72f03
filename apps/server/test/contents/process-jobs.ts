import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/db/database.ts';
import { type ContentsJobOptions, contentsJobs } from '../../src/modules/contents/jobs.ts';
import { createBoss } from '../../src/platform/jobs/boss.ts';
import { createJobRunner, type JobRunner } from '../../src/platform/jobs/queue-registry.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';

/** A started pg-boss runner with the contents area's jobs, as a worker node has it (the reaper can enqueue). */
export async function startContentsRunner(
  db: Db,
  databaseUrl: string,
  options: ContentsJobOptions = {},
): Promise<JobRunner> {
  let runner: JobRunner | undefined;
  const enqueue: JobRunner['enqueue'] = (definition, payload, enqueueOptions) =>
    runner!.enqueue(definition, payload, enqueueOptions);
  const jobs = contentsJobs(
    {
      db,
      store: createDiskBlobStore(path.join(tmpdir(), 'spinyard-contents-jobs')),
      media: createMedia(),
      log: () => undefined,
      enqueue,
    },
    options,
  );
  runner = createJobRunner({ boss: createBoss(databaseUrl), ...jobs, log: () => undefined });
  await runner.start();
  return runner;
}

/** Polls until `probe` answers something, or fails after `timeoutMs` (pg-boss polls once a second). */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
