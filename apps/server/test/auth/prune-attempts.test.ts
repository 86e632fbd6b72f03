import path from 'node:path';
import { LOGIN_THROTTLE } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { serverJobs } from '../../src/modules/jobs.ts';
import { createOutboxMailer } from '../../src/platform/mail/outbox-mailer.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();
const HOUR = 3600_000;

/** The job as the server registers it (modules/jobs.ts), so a job left out of the registry fails here. */
function registeredJob() {
  const { definitions, handlers } = serverJobs({
    db: t.db,
    store: createDiskBlobStore(path.join(t.dir, 'media')),
    media: createMedia(),
    log: () => undefined,
    mailer: createOutboxMailer(path.join(t.dir, 'mail'), () => undefined),
  });
  const definition = definitions.find((d) => d.name === 'auth.prune-login-attempts');
  const handler = handlers['auth.prune-login-attempts'];
  if (!definition || !handler) throw new Error('auth.prune-login-attempts is not registered');
  return { definition, run: () => handler({} as never, { id: 'test', retryCount: 0 }) };
}

async function attemptAgedMs(ageMs: number, username: string) {
  await t.db
    .insertInto('login_attempts')
    .values({ ip: '10.77.0.1', username, succeeded: false, attempted_at: new Date(Date.now() - ageMs) })
    .execute();
}

const usernames = async () =>
  (await t.db.selectFrom('login_attempts').select('username').orderBy('username').execute()).map((r) => r.username);

describe('the pruning of login attempts', () => {
  it('runs on a schedule and deletes only the attempts past the throttle memory, idempotently', async () => {
    const { definition, run } = registeredJob();
    expect(definition.schedule?.cron).toMatch(/^\S+ \* \* \* \*$/);
    const memory = Math.max(LOGIN_THROTTLE.pair.memoryMs, LOGIN_THROTTLE.address.memoryMs);
    await attemptAgedMs(memory + HOUR, 'prune-old');
    await attemptAgedMs(memory + 30 * 24 * HOUR, 'prune-ancient');
    // Still counted by the per-username throttle: kept, or the wait would shorten for an attacker.
    await attemptAgedMs(memory - HOUR, 'prune-recent');
    await attemptAgedMs(60_000, 'prune-now');

    expect(await run()).toBe('success');
    expect(await usernames()).toEqual(['prune-now', 'prune-recent']);
    // A second run (or a second node's) finds nothing and changes nothing.
    expect(await run()).toBe('skipped');
    expect(await usernames()).toEqual(['prune-now', 'prune-recent']);
  });
});
