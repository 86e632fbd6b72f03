import type { SocketServerMessage } from '@spinyard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reapJob } from '../../src/modules/contents/jobs.ts';
import type { WorkHooks } from '../../src/modules/contents/transfer-work.ts';
import { PROCESS_MAX_ATTEMPTS, WORKER_LOST } from '../../src/modules/processes/reaper.ts';
import { processRepo } from '../../src/modules/processes/repo.ts';
import { processService } from '../../src/modules/processes/service.ts';
import { factory } from '../helpers/factory.ts';
import { contentApi } from './content-api.ts';
import { eventually, startContentsRunner } from './process-jobs.ts';
import { openCluster, signedInSocket } from './realtime-nodes.ts';

/**
 * Transfer, copy and the reaper on a real pg-boss worker, watched through the live-progress socket: the path a
 * deployed node takes (transfer.test.ts checks the rules with the processes run in the request).
 */

/** Processes silent this long are stale for this file's reaper (five minutes in production). */
const STALE_AFTER_MS = 1500;
let afterChange: WorkHooks['afterChange'];
let cluster: Awaited<ReturnType<typeof openCluster>>;

beforeAll(async () => {
  cluster = await openCluster(1, {
    jobs: (db, url) =>
      startContentsRunner(db, url, {
        staleAfterMs: STALE_AFTER_MS,
        hooks: { afterChange: (job, id) => afterChange?.(job, id) },
      }),
  });
});
afterAll(async () => {
  await cluster?.close();
});

const node = () => cluster.nodes[0]!;
const db = () => node().db;
const processRow = async (id: string) => (await processRepo(db()).find(id))!;
const ownerOf = async (id: string) =>
  (await db().selectFrom('contents').select('owner_user_id').where('id', '=', id).executeTakeFirstOrThrow())
    .owner_user_id;
const finished = (id: string) =>
  eventually(`process ${id} to finish`, async () => {
    const row = await processRow(id);
    return row.status === 'succeeded' || row.status === 'failed' ? row : undefined;
  });

async function dealer() {
  const make = factory(db());
  const tenant = await make.tenant();
  const sup = await make.signedIn({ tenant, privilege_type: 'super' });
  const from = await make.signedIn({ tenant, privilege_type: 'normal' });
  const to = await make.signedIn({ tenant, privilege_type: 'normal' });
  return { make, tenant, sup, from, to };
}

describe('transfer and copy as pg-boss jobs', () => {
  it('runs a transfer on the worker; the former and the new owner watch it queue, run and succeed', async () => {
    const d = await dealer();
    const [car] = await d.make.vehicles(d.from);
    const former = await signedInSocket(node().url, d.from.contentToken);
    const recipient = await signedInSocket(node().url, d.to.contentToken);
    const res = await contentApi(node().app, d.sup).post(`/contents/transfer/${car}/${d.to.id}`);
    expect(res.statusCode).toBe(202);
    const started = res.json().processes[0].process;
    expect(started).toMatchObject({ process: 'transfer', status: 'queued', progress: 0 });

    const ofThis = (status: string) => (m: SocketServerMessage) =>
      m.type === 'process' && m.process.id === started.id && m.process.status === status;
    await former.next(ofThis('queued'));
    await former.next(ofThis('running'));
    await former.next(ofThis('succeeded'));
    await recipient.next(ofThis('succeeded'));
    expect(await ownerOf(car!)).toBe(d.to.id);
    former.close();
    recipient.close();
  });

  it('leaves no half-transferred vehicle when the worker is killed after the owner change; the retry completes it', async () => {
    const d = await dealer();
    const [car] = await d.make.vehicles(d.from);
    const seen: { attempt: number; committedOwner: string; error: string | null }[] = [];
    afterChange = async (job, id) => {
      if (job !== 'transfer') return;
      // Inside the transaction the owner is already changed; what others see is what was committed.
      seen.push({ attempt: seen.length + 1, committedOwner: await ownerOf(car!), error: (await processRow(id)).error });
      if (seen.length === 1) throw new Error('worker killed');
    };
    try {
      const res = await contentApi(node().app, d.sup).post(`/contents/transfer/${car}/${d.to.id}`);
      const row = await finished(res.json().processes[0].process.id);
      expect(row).toMatchObject({ status: 'succeeded', progress: 100, error: null });
      expect(row.attempts).toBeGreaterThanOrEqual(2);
    } finally {
      afterChange = undefined;
    }
    expect(seen[0]).toEqual({ attempt: 1, committedOwner: d.from.id, error: null });
    // The killed attempt changed nothing: the next one started from the untransferred vehicle. Its recorded failure
    // is the attempt's own, or the reaper's when the retry came after this file's 1.5 s staleness (a loaded machine).
    expect(seen[1]).toMatchObject({ attempt: 2, committedOwner: d.from.id });
    expect(seen[1]?.error).toMatch(/^(worker killed|worker_lost: )/);
    expect(await ownerOf(car!)).toBe(d.to.id);
  });

  it('runs a copy on the worker, once', async () => {
    const d = await dealer();
    const [car] = await d.make.vehicles(d.from, { fields: { management_id: 'W-1', maker: 'Subaru' } });
    const res = await contentApi(node().app, d.from).post('/contents/copy', { id: car });
    expect(res.statusCode).toBe(202);
    expect((await finished(res.json().processes[0].process.id)).status).toBe('succeeded');
    const copies = await db()
      .selectFrom('contents')
      .select(['management_id', 'maker', 'owner_user_id'])
      .where('domain_id', '=', d.tenant.domainId)
      .where('management_id', 'like', 'W-1-copy%')
      .execute();
    expect(copies).toEqual([{ management_id: 'W-1-copy', maker: 'Subaru', owner_user_id: d.from.id }]);
  });
});

describe('the reaper job', () => {
  it('hands a process whose job was lost to a new worker, which completes it', async () => {
    const d = await dealer();
    const [car] = await d.make.vehicles(d.from);
    // A queued transfer whose job never reached the queue (or whose worker vanished with it).
    const [lost] = await processService(db()).start([
      {
        contentId: car!,
        process: 'transfer',
        actorUserId: d.sup.id,
        payload: { from_user_id: d.from.id, to_user_id: d.to.id },
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, STALE_AFTER_MS + 200));
    await cluster.runners[0]!.enqueue(reapJob, {});
    expect(await finished(lost!.id)).toMatchObject({ status: 'succeeded' });
    expect(await ownerOf(car!)).toBe(d.to.id);
  });

  it('fails a process that has used up its attempts, which releases its locks', async () => {
    const d = await dealer();
    const [car] = await d.make.vehicles(d.from);
    const [row] = await processService(db()).start([{ contentId: car!, process: 'copy', actorUserId: null }]);
    for (let i = 0; i < PROCESS_MAX_ATTEMPTS; i++) await processService(db()).begin(row!.id);
    expect((await contentApi(node().app, d.sup).post(`/contents/transfer/${car}/${d.to.id}`)).statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, STALE_AFTER_MS + 200));
    await cluster.runners[0]!.enqueue(reapJob, {});
    expect(await finished(row!.id)).toMatchObject({ status: 'failed', error: WORKER_LOST });
    expect((await contentApi(node().app, d.sup).post(`/contents/transfer/${car}/${d.to.id}`)).statusCode).toBe(202);
  });
});
