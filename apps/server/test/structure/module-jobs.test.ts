import PgBoss from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database.ts';
import type { AppModule, JobsContext } from '../../src/modules/context.ts';
import { MODULES } from '../../src/modules/index.ts';
import { collectJobs, moduleJobSets, serverJobs } from '../../src/modules/jobs.ts';
import {
  createJobRunner,
  defineJob,
  type JobHandler,
  JobRegistryError,
} from '../../src/platform/jobs/queue-registry.ts';
import { createOutboxMailer } from '../../src/platform/mail/outbox-mailer.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { sourceFiles, withoutLineComments } from './source.ts';

// Nothing here connects: handlers are only built, and the registry checks run before pg-boss starts.
const { db } = createDatabase('postgres://nobody@127.0.0.1:1/none', 1);
const ctx: JobsContext = {
  db,
  store: createDiskBlobStore('/nonexistent/spinyard-media'),
  media: createMedia(),
  log: () => undefined,
};
const mailer = createOutboxMailer('/nonexistent/spinyard-mail', () => undefined);
const boss = new PgBoss('postgres://nobody@127.0.0.1:1/none');
const ok: JobHandler<object> = async () => 'success';

afterAll(async () => {
  await db.destroy();
});

/** A module with only jobs, as a new area would add them in its own folder. */
function moduleWith(name: string, jobNames: string[], handled: string[] = jobNames): AppModule {
  return {
    name,
    jobs: () => ({
      definitions: jobNames.map((n) => defineJob(n)),
      handlers: Object.fromEntries(handled.map((n) => [n, ok])),
    }),
  };
}

describe('modules own their jobs', () => {
  it('registers the mail job and every module’s jobs, each with its handler', () => {
    const { definitions, handlers } = serverJobs({ ...ctx, mailer });
    const names = definitions.map((d) => d.name);
    expect(names).toContain('mail.send');
    expect(names).toContain('tenancy.purge-deleted-domains');
    expect(Object.keys(handlers).sort()).toEqual([...names].sort());
    expect(() => createJobRunner({ boss, definitions, handlers, log: () => undefined })).not.toThrow();
  });

  it('leaves no job defined in the source out of the registry', () => {
    const registered = new Set(serverJobs({ ...ctx, mailer }).definitions.map((d) => d.name));
    const defined = sourceFiles().flatMap((f) =>
      [...withoutLineComments(f.text).matchAll(/\bdefineJob(?:<[^(]*>)?\(\s*'([^']+)'/g)].map((m) => m[1]!),
    );
    expect(defined.length).toBeGreaterThan(1);
    expect(defined.filter((name) => !registered.has(name))).toEqual([]);
  });

  it('takes a new area’s jobs from its module alone', () => {
    const vehicles = moduleWith('contents', ['contents.thumbnails']);
    const { definitions, handlers } = serverJobs({ ...ctx, mailer }, [...MODULES, vehicles]);
    expect(definitions.map((d) => d.name)).toContain('contents.thumbnails');
    expect(handlers['contents.thumbnails']).toBe(ok);
    expect(moduleJobSets([vehicles, { name: 'health' }], ctx).map((s) => s.owner)).toEqual(['contents']);
  });

  it('refuses a job name claimed by two modules, naming both', () => {
    const sets = moduleJobSets([moduleWith('contents', ['contents.probe']), moduleWith('contents2', [])], ctx);
    sets[1]!.definitions = [defineJob('contents.probe')];
    sets[1]!.handlers = { 'contents.probe': ok };
    expect(() => collectJobs(sets)).toThrow(
      new JobRegistryError(
        'Job registry refused: job "contents.probe" of contents2 must be named "contents2.<job>"; ' +
          'job "contents.probe" is registered by both contents and contents2',
      ),
    );
  });

  it('refuses a job named outside its module', () => {
    expect(() => collectJobs(moduleJobSets([moduleWith('billing', ['mail.renewal'])], ctx))).toThrow(
      /job "mail\.renewal" of billing must be named "billing\.<job>"/,
    );
  });

  it('refuses a module job without a handler when the runner is made (the registry’s own check)', () => {
    const jobs = serverJobs({ ...ctx, mailer }, [moduleWith('billing', ['billing.renew'], [])]);
    expect(() => createJobRunner({ boss, ...jobs, log: () => undefined })).toThrow(
      /job "billing\.renew" has no handler/,
    );
  });

  it('refuses the same job defined twice in one module', () => {
    const jobs = collectJobs(moduleJobSets([moduleWith('billing', ['billing.renew', 'billing.renew'])], ctx));
    expect(() => createJobRunner({ boss, ...jobs, log: () => undefined })).toThrow(
      /job "billing\.renew" is defined more than once/,
    );
  });
});
