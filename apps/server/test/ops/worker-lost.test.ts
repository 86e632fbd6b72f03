import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoss } from '../../src/platform/jobs/boss.ts';
import { createJobLeases } from '../../src/platform/jobs/leases.ts';
import { createJobRunner, type JobRunner } from '../../src/platform/jobs/queue-registry.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { hangingJob } from './fixtures/hanging-job.ts';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'hanging-worker.ts');

describe('a job whose worker died', () => {
  let database: { url: string; drop(): Promise<void> };
  let runner: JobRunner | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await runner?.stop();
    await database?.drop();
  });

  it('is taken up again by the next worker within 30 s, not after its expiry', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let out = '';
    const printed = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (out.includes(text)) resolve();
        };
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          check();
        });
        check();
      });
    const running = printed('running');
    const started = printed('started');
    await running;

    let taken: (payload: { label: string }) => void = () => undefined;
    const takenAgain = new Promise<{ label: string }>((resolve) => {
      taken = resolve;
    });
    runner = createJobRunner({
      boss: createBoss(database.url),
      definitions: [hangingJob],
      handlers: {
        [hangingJob.name]: async (payload: { label: string }) => {
          taken(payload);
          return 'success';
        },
      },
      log: () => undefined,
      leases: createJobLeases(database.url, () => undefined),
    });
    // Enqueues only: the killed worker is the one to take the job first.
    await runner.start({ work: false });
    await runner.enqueue(hangingJob, { label: 'walk-around' });
    await started;
    child.kill('SIGKILL');
    await exited;
    await runner.stop();

    const back = Date.now();
    await runner.start({ work: true });
    expect(await takenAgain).toEqual({ label: 'walk-around' });
    expect(Date.now() - back).toBeLessThan(30_000);
  });
});
