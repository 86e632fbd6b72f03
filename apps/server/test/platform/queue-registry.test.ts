import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { mailJob } from '../../src/platform/jobs/mail-job.ts';
import {
  createJobRunner,
  defineJob,
  type JobHandler,
  JobRegistryError,
  jobIdFor,
  onDeadlockAgain,
} from '../../src/platform/jobs/queue-registry.ts';

// Never started: the registry checks run before any connection is made.
const boss = new PgBoss('postgres://nobody@127.0.0.1:1/none');
const log = () => undefined;
const ok: JobHandler<object> = async () => 'success';

const thumbnails = defineJob<{ contentId: string }>('contents.thumbnails');

describe('job registry', () => {
  it('accepts definitions and handlers that match one to one', () => {
    expect(() =>
      createJobRunner({
        boss,
        definitions: [mailJob, thumbnails],
        handlers: { 'mail.send': ok, 'contents.thumbnails': ok },
        log,
      }),
    ).not.toThrow();
  });

  it('refuses a job without a handler, naming it', () => {
    expect(() =>
      createJobRunner({ boss, definitions: [mailJob, thumbnails], handlers: { 'mail.send': ok }, log }),
    ).toThrow(new JobRegistryError('Job registry refused: job "contents.thumbnails" has no handler'));
  });

  it('refuses a handler without a job, naming it', () => {
    expect(() =>
      createJobRunner({ boss, definitions: [mailJob], handlers: { 'mail.send': ok, 'mail.sned': ok }, log }),
    ).toThrow(/handler "mail\.sned" has no job definition/);
  });

  it('refuses a job defined twice, naming it', () => {
    const again = defineJob<{ other: true }>('contents.thumbnails');
    expect(() =>
      createJobRunner({ boss, definitions: [thumbnails, again], handlers: { 'contents.thumbnails': ok }, log }),
    ).toThrow(/job "contents\.thumbnails" is defined more than once/);
  });

  it('lists every problem at once', () => {
    expect(() => createJobRunner({ boss, definitions: [mailJob, mailJob], handlers: { other: ok }, log })).toThrow(
      'Job registry refused: job "mail.send" has no handler; job "mail.send" is defined more than once; ' +
        'handler "other" has no job definition',
    );
  });

  it('refuses to enqueue before start or a job it does not know', async () => {
    const runner = createJobRunner({ boss, definitions: [mailJob], handlers: { 'mail.send': ok }, log });
    await expect(runner.enqueue(thumbnails, { contentId: 'c1' })).rejects.toThrow(
      /"contents\.thumbnails" is not registered/,
    );
    await expect(
      runner.enqueue(mailJob, { idempotencyKey: 'k', mail: { to: 'a@example.test', subject: 's', text: 't' } }),
    ).rejects.toThrow(/not started/);
  });

  it.each(['', 'Mail.Send', 'mail send', 'mail..send', '.mail', 'mail/send'])('refuses the job name %j', (name) => {
    expect(() => defineJob(name)).toThrow(/Job name/);
  });

  it('turns a singleton key into a stable UUID per job name', () => {
    const id = jobIdFor('mail.send', 'password-reset:42');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobIdFor('mail.send', 'password-reset:42')).toBe(id);
    expect(jobIdFor('mail.send', 'password-reset:43')).not.toBe(id);
    expect(jobIdFor('contents.thumbnails', 'password-reset:42')).not.toBe(id);
  });

  it('creates its queues again when PostgreSQL gives it up in a deadlock, and only then', async () => {
    let calls = 0;
    const deadlocked = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const created = await onDeadlockAgain(async () => {
      calls += 1;
      if (calls < 3) throw deadlocked;
      return 'created';
    });
    expect({ created, calls }).toEqual({ created: 'created', calls: 3 });
    const refused = Object.assign(new Error('permission denied'), { code: '42501' });
    await expect(onDeadlockAgain(() => Promise.reject(refused))).rejects.toBe(refused);
    await expect(onDeadlockAgain(() => Promise.reject(deadlocked), 2)).rejects.toBe(deadlocked);
  });
});
