import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoss } from '../../src/platform/jobs/boss.ts';
import { type MailSendPayload, mailJob } from '../../src/platform/jobs/mail-job.ts';
import { createJobRunner, defineJob, type JobRunner } from '../../src/platform/jobs/queue-registry.ts';
import { createOutboxMailer } from '../../src/platform/mail/outbox-mailer.ts';
import { eventually } from '../contents/process-jobs.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { parseEml } from './eml.ts';

const flakyJob = defineJob<{ label: string }>('test.flaky', { retryLimit: 2 });
const skippingJob = defineJob<{ label: string }>('test.skipping');

describe('job runner on a real pg-boss', () => {
  let database: { url: string; drop(): Promise<void> };
  let dir: string;
  let boss: PgBoss;
  let runner: JobRunner;
  let flakyAttempts = 0;
  const logged: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'spinyard-jobs-'));
    boss = createBoss(database.url);
    const mailer = createOutboxMailer(dir, () => undefined);
    runner = createJobRunner({
      boss,
      definitions: [mailJob, flakyJob, skippingJob],
      handlers: {
        [mailJob.name]: mailJob.handlerFor(mailer),
        [flakyJob.name]: async () => {
          flakyAttempts++;
          if (flakyAttempts === 1) throw new Error('first attempt fails');
          return 'success';
        },
        [skippingJob.name]: async () => 'skipped',
      },
      log: (msg) => logged.push(msg),
    });
    await runner.start();
  });

  afterAll(async () => {
    await runner?.stop();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function settled(name: string, id: string) {
    return eventually(
      `${name} ${id} to finish`,
      async () => {
        const job = await boss.getJobById(name, id);
        return job && (job.state === 'completed' || job.state === 'failed') ? job : undefined;
      },
      20_000,
    );
  }

  it('sends a mail once however often the same key is enqueued', async () => {
    const payload: MailSendPayload = {
      idempotencyKey: 'welcome:user-1',
      mail: { to: ['dealer@example.test'], subject: 'Welcome to Spinyard', text: 'Hello' },
    };
    const first = await runner.enqueue(mailJob, payload);
    const second = await runner.enqueue(mailJob, payload);
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();

    expect((await settled(mailJob.name, first!)).state).toBe('completed');
    expect(await readdir(dir)).toHaveLength(1);
    // Still a no-op once the first has run: the key names the mail, not the attempt.
    expect(await runner.enqueue(mailJob, payload)).toBeNull();

    const other = await runner.enqueue(mailJob, { ...payload, idempotencyKey: 'welcome:user-2' });
    expect((await settled(mailJob.name, other!)).state).toBe('completed');

    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    const mail = parseEml(await readFile(path.join(dir, files[0]!), 'utf8'));
    expect(mail.headers.get('to')).toBe('dealer@example.test');
    expect(mail.headers.get('subject')).toBe('Welcome to Spinyard');
  });

  it('retries a handler that throws and records what handlers report', async () => {
    const flaky = await runner.enqueue(flakyJob, { label: 'x' });
    const skipping = await runner.enqueue(skippingJob, { label: 'y' });

    const flakyDone = await settled(flakyJob.name, flaky!);
    expect(flakyDone.state).toBe('completed');
    expect(flakyDone.retryCount).toBe(1);
    expect(flakyAttempts).toBe(2);

    const skippingDone = await settled(skippingJob.name, skipping!);
    expect(skippingDone.state).toBe('completed');
    expect(skippingDone.output).toEqual({ results: ['skipped'] });
    expect(logged).toEqual(expect.arrayContaining(['Job failed', 'Job success', 'Job skipped']));
  });
});
