import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueAutomatic, runAutojoin } from '../../src/modules/listing/autojoin.ts';
import { linkDeps } from '../../src/modules/listing/deps.ts';
import { autojoinJob, linkJob, listingJobs } from '../../src/modules/listing/jobs.ts';
import { listingRepo } from '../../src/modules/listing/repo.ts';
import { createBoss } from '../../src/platform/jobs/boss.ts';
import { createJobRunner, type JobRunner } from '../../src/platform/jobs/queue-registry.ts';
import { eventually } from '../contents/process-jobs.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';
import { workerContext } from '../helpers/recording-jobs.ts';

/**
 * The automatic link as one job (issue 22, Scale): turning it on answers at once with one `listing.autojoin` job
 * queued and no link job yet; the job queues each vehicle's link request and link job a page at a time with
 * pg-boss's bulk insert (in the page's transaction); run twice it queues each vehicle once; a failure half-way,
 * run again, queues only the rest. Real pg-boss tables, no workers: the test runs the handlers itself.
 */

let real: JobRunner | undefined;
// The app enqueues through this; pg-boss behind it starts once the app's database exists.
const late: JobRunner = {
  start: async () => undefined,
  stop: async () => undefined,
  enqueue: (definition, payload, options) => real!.enqueue(definition, payload, options),
  enqueueMany: (definition, payloads, options) => real!.enqueueMany!(definition, payloads, options),
};
const t = useTestApp({ jobs: late });

beforeAll(async () => {
  const skip = async () => 'skipped' as const;
  real = createJobRunner({
    boss: createBoss(t.databaseUrl),
    definitions: listingJobs(workerContext(t)).definitions,
    handlers: Object.fromEntries(listingJobs(workerContext(t)).definitions.map((d) => [d.name, skip])),
    log: () => undefined,
  });
  await real.start({ work: false });
});
afterAll(() => real?.stop());

const joined = { domain: { options: { listing_link: true } }, image_system: JSON.stringify({ cs_join: true }) };

async function dealerWith(count: number): Promise<{ dealer: SignedInUser; ids: string[] }> {
  const dealer = await t.make.signedIn(joined);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const [id] = await t.make.vehicles(dealer, { fields: { listing_id: `AJ-${dealer.id}-${i}`, has_exterior: true } });
    ids.push(id!);
  }
  return { dealer, ids };
}

/** The link deps of a worker whose second bulk insert fails (the database went away half-way). */
function failingOnSecondPage() {
  let pages = 0;
  return linkDeps({
    db: t.db,
    enqueue: late.enqueue,
    enqueueMany: async (definition, payloads, options) => {
      pages += 1;
      if (pages === 2) throw new Error('the database went away');
      return late.enqueueMany!(definition, payloads, options);
    },
  });
}

/** The link jobs queued per vehicle, and the automatic-link jobs of a user, as pg-boss holds them. */
async function queuedJobs(userId: string) {
  const { rows } = await sql<{ name: string; key: string; n: number }>`
    select name, coalesce(data->>'contentId', data->>'userId') as key, count(*)::int as n from pgboss.job
    where (name = ${linkJob.name} and data->>'contentId' in (select content_id::text from listing_links
      where user_id = ${userId}))
      or (name = ${autojoinJob.name} and data->>'userId' = ${userId})
    group by 1, 2`.execute(t.db);
  return rows;
}

const linkStates = async (userId: string) =>
  t.db.selectFrom('listing_links').select(['content_id', 'state', 'seq']).where('user_id', '=', userId).execute();

describe('the automatic link as a job', () => {
  it('answers at once with one job queued and no link yet; the job, run twice, queues each vehicle once', async () => {
    const { dealer, ids } = await dealerWith(3);
    const res = await call(t.app, dealer.contentToken, 'POST', '/api/browser/v0/users/cs_autojoin', {
      cs_autojoin: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cs_autojoin: true, queued: 0, queueing: true });
    expect(await linkStates(dealer.id)).toEqual([]);
    const [job] = await queuedJobs(dealer.id);
    expect(job).toMatchObject({ name: autojoinJob.name, n: 1 });

    const { handlers } = listingJobs({ ...workerContext(t), enqueue: late.enqueue, enqueueMany: late.enqueueMany });
    const run = handlers[autojoinJob.name] as (p: object, j: object) => Promise<string>;
    const payload = { userId: dealer.id, at: 'now' };
    expect(await run(payload, { id: 'a', retryCount: 0 })).toBe('success');
    expect(await run(payload, { id: 'a', retryCount: 1 })).toBe('success');
    const links = (await queuedJobs(dealer.id)).filter((j) => j.name === linkJob.name);
    expect(links.map((j) => j.key).sort()).toEqual([...ids].sort());
    expect(links.every((j) => j.n === 1)).toBe(true);
    expect(await linkStates(dealer.id)).toEqual(
      expect.arrayContaining(ids.map((id) => ({ content_id: id, state: 'waiting', seq: 1 }))),
    );
    const latest = await call(t.app, dealer.contentToken, 'GET', '/api/browser/v0/cs/latest');
    expect(latest.json().counts.remaining).toBe(3);
  });

  it('skips when the automatic link is off by the time the job runs', async () => {
    const { dealer } = await dealerWith(1);
    const { handlers } = listingJobs({ ...workerContext(t), enqueue: late.enqueue, enqueueMany: late.enqueueMany });
    const run = handlers[autojoinJob.name] as (p: object, j: object) => Promise<string>;
    expect(await run({ userId: dealer.id, at: 'now' }, { id: 'b', retryCount: 0 })).toBe('skipped');
    expect(await linkStates(dealer.id)).toEqual([]);
  });

  it('a failure half-way leaves whole pages queued; run again, it queues only the rest', async () => {
    const { dealer, ids } = await dealerWith(5);
    const failing = failingOnSecondPage();
    await expect(queueAutomatic(failing, dealer.id, 'property_code', 2)).rejects.toThrow('went away');
    expect((await linkStates(dealer.id)).map((l) => l.state)).toEqual(['waiting', 'waiting']);
    expect(await queuedJobs(dealer.id)).toHaveLength(2);

    const again = await queueAutomatic(failing, dealer.id, 'property_code', 2);
    expect(again).toBe(3);
    const links = await queuedJobs(dealer.id);
    expect(links.map((j) => j.key).sort()).toEqual([...ids].sort());
    expect(links.every((j) => j.n === 1)).toBe(true);
    expect((await linkStates(dealer.id)).every((l) => l.state === 'waiting' && l.seq === 1)).toBe(true);
  });

  it('a run that found a vehicle before another run queued it leaves that vehicle alone (two runs at once)', async () => {
    const { dealer, ids } = await dealerWith(2);
    const rows = ids.map((id, i) => ({ contentId: id, domainId: dealer.domainId, key: `AJ-${dealer.id}-${i}` }));
    const common = { userId: dealer.id, keyType: 'property_code' } as const;
    expect(await listingRepo(t.db).requestMany(rows, common)).toHaveLength(2);
    expect(await listingRepo(t.db).requestMany(rows, common)).toEqual([]);
    expect((await linkStates(dealer.id)).map((l) => l.seq)).toEqual([1, 1]);
  });

  it('a failure half-way is retried by pg-boss, and the retry queues the rest', async () => {
    const { dealer, ids } = await dealerWith(5);
    const res = await call(t.app, dealer.contentToken, 'POST', '/api/browser/v0/users/cs_autojoin', {
      cs_autojoin: true,
    });
    expect(res.json().queueing).toBe(true);
    const deps = failingOnSecondPage();
    const attempts: number[] = [];
    const worker = createJobRunner({
      boss: createBoss(t.databaseUrl),
      definitions: [autojoinJob],
      handlers: {
        [autojoinJob.name]: async ({ userId }: { userId: string }, job: { retryCount: number }) => {
          // Other tests' jobs wait in the same queue: only this dealer's is run here.
          if (userId !== dealer.id) return 'skipped';
          attempts.push(job.retryCount);
          return (await runAutojoin(deps, userId, 2)).result;
        },
      },
      log: () => undefined,
      pollMs: 500,
    });
    await worker.start();
    try {
      await eventually('every vehicle queued', async () =>
        (await queuedJobs(dealer.id)).filter((j) => j.name === linkJob.name).length === ids.length ? true : undefined,
      );
    } finally {
      await worker.stop();
    }
    expect(attempts).toEqual([0, 1]);
    const links = (await queuedJobs(dealer.id)).filter((j) => j.name === linkJob.name);
    expect(links.map((j) => j.key).sort()).toEqual([...ids].sort());
    expect(links.every((j) => j.n === 1)).toBe(true);
  });
});
