import { describe, expect, it } from 'vitest';
import { PROCESS_MAX_ATTEMPTS, reapStaleProcesses, WORKER_LOST } from '../../src/modules/processes/reaper.ts';
import { processRepo } from '../../src/modules/processes/repo.ts';
import { processService } from '../../src/modules/processes/service.ts';
import { useTestApp } from '../helpers/app.ts';
import { contentApi } from './content-api.ts';

/** Process rows, is_processing, contents_processing and the reaper, on the real database (no job runner). */

const t = useTestApp();

async function dealer() {
  const tenant = await t.make.tenant();
  const sup = await t.make.signedIn({ tenant, privilege_type: 'super' });
  const admin = await t.make.signedIn({ tenant, privilege_type: 'admin' });
  const normal = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  const otherAdmin = await t.make.signedIn({ tenant, privilege_type: 'admin' });
  const otherNormal = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: otherAdmin.id });
  return { tenant, sup, admin, normal, otherAdmin, otherNormal };
}

const start = async (contentId: string, process: 'blur' | 'transfer' | 'copy' = 'blur', payload = {}) =>
  (await processService(t.db).start([{ contentId, process, actorUserId: null, payload }]))[0]!;
const processRow = async (id: string) => (await processRepo(t.db).find(id))!;
const inTenMinutes = () => new Date(Date.now() + 10 * 60_000);

describe('GET /contents/is_processing/{id}', () => {
  it('answers the queued and running processes of the vehicle, and none once they ended', async () => {
    const d = await dealer();
    const [car] = await t.make.vehicles(d.normal);
    const api = contentApi(t.app, d.normal);
    expect((await api.get(`/contents/is_processing/${car}`)).json()).toEqual({ is_processing: false, processes: [] });
    const blur = await start(car!);
    await processService(t.db).progress(blur.id, 30);
    const running = (await api.get(`/contents/is_processing/${car}`)).json();
    expect(running).toEqual({
      is_processing: true,
      processes: [expect.objectContaining({ id: blur.id, process: 'blur', status: 'running', progress: 30 })],
    });
    await processService(t.db).fail(blur.id, new Error('the blur service is down'));
    expect((await api.get(`/contents/is_processing/${car}`)).json().is_processing).toBe(false);
    expect(await processRow(blur.id)).toMatchObject({ status: 'failed', error: 'the blur service is down' });
  });

  it('is not_found for a vehicle the caller does not see', async () => {
    const d = await dealer();
    const [car] = await t.make.vehicles(d.otherNormal, { process: 'running' });
    for (const who of [d.normal, d.admin]) {
      expect((await contentApi(t.app, who).get(`/contents/is_processing/${car}`)).statusCode).toBe(404);
    }
    expect((await contentApi(t.app, d.otherAdmin).get(`/contents/is_processing/${car}`)).statusCode).toBe(200);
    expect((await contentApi(t.app, d.normal).get('/contents/is_processing/x1')).statusCode).toBe(422);
  });
});

describe('GET /contents_processing', () => {
  it("answers the running processes of the vehicles each role sees, the page's only when asked", async () => {
    const d = await dealer();
    const [normals] = await t.make.vehicles(d.normal, { process: 'running' });
    const [admins] = await t.make.vehicles(d.admin, { process: 'queued' });
    const [others] = await t.make.vehicles(d.otherNormal, { process: 'running' });
    const [ended] = await t.make.vehicles(d.normal, { process: 'succeeded' });
    const seen = async (who: { contentToken: string }, query = '') =>
      ((await contentApi(t.app, who).get(`/contents_processing${query}`)).json().processes as { content_id: string }[])
        .map((p) => p.content_id)
        .sort();
    expect(await seen(d.normal)).toEqual([normals]);
    expect(await seen(d.admin)).toEqual([normals, admins].sort());
    expect(await seen(d.otherAdmin)).toEqual([others]);
    expect(await seen(d.sup)).toEqual([normals, admins, others].sort());
    expect(await seen(d.sup, `?content_ids=${admins},${ended}`)).toEqual([admins]);
    expect(await seen(d.normal, `?content_ids=${others}`)).toEqual([]);
    const master = await t.make.master();
    expect(await seen(master, `?content_ids=${normals},${others}`)).toEqual([normals, others].sort());
  });

  it('refuses a content_ids list that is not ids', async () => {
    const d = await dealer();
    const res = await contentApi(t.app, d.sup).get('/contents_processing?content_ids=1,x');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields[0].field).toMatch(/^content_ids/);
  });
});

describe('process rows', () => {
  it('keep progress between 0 and 100, and beat their heart on every change', async () => {
    const d = await dealer();
    const [car] = await t.make.vehicles(d.normal);
    const row = await start(car!);
    expect((await processService(t.db).progress(row.id, 140))!.progress).toBe(100);
    expect((await processService(t.db).progress(row.id, -5))!.progress).toBe(0);
    const before = (await processRow(row.id)).heartbeat_at;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await processService(t.db).heartbeat(row.id);
    expect((await processRow(row.id)).heartbeat_at.getTime()).toBeGreaterThan(before.getTime());
  });
});

describe('the reaper of processes whose worker died', () => {
  it('fails a silent process (its locks released) and leaves a live one alone', async () => {
    const d = await dealer();
    const [stale, live] = await t.make.vehicles(d.normal, { count: 2 });
    const dead = await start(stale!);
    const busy = await start(live!);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The live one reports progress; the dead one has been silent for 400 ms, over this run's bound.
    await processService(t.db).progress(busy.id, 50);
    const { failed } = await reapStaleProcesses(t.db, { staleAfterMs: 200 });
    expect(failed).toContain(dead.id);
    expect(failed).not.toContain(busy.id);
    expect(await processRow(dead.id)).toMatchObject({ status: 'failed', error: WORKER_LOST });
    expect((await processRow(dead.id)).finished_at).not.toBeNull();
    expect((await processRow(busy.id)).status).toBe('running');
    const res = await contentApi(t.app, d.sup).post(`/contents/transfer/${stale}/${d.admin.id}`);
    expect(res.statusCode).toBe(202);
  });

  it('retries a silent process while it has attempts left, then fails it', async () => {
    const d = await dealer();
    const [car] = await t.make.vehicles(d.normal);
    const row = await start(car!, 'transfer', { from_user_id: d.normal.id, to_user_id: d.admin.id });
    const retried: string[] = [];
    const retry = async (_trx: unknown, r: { id: string }) => {
      retried.push(r.id);
      return true;
    };
    for (let attempt = 1; attempt <= PROCESS_MAX_ATTEMPTS; attempt++) {
      await processService(t.db).begin(row.id); // a worker takes it, and dies
      const outcome = await reapStaleProcesses(t.db, { now: inTenMinutes(), retry });
      const status = (await processRow(row.id)).status;
      if (attempt < PROCESS_MAX_ATTEMPTS) {
        expect(outcome.retried).toContain(row.id);
        expect(status).toBe('queued');
      } else {
        expect(outcome.failed).toContain(row.id);
        expect(status).toBe('failed');
      }
    }
    expect(retried.filter((id) => id === row.id)).toHaveLength(PROCESS_MAX_ATTEMPTS - 1);
    expect(await processRow(row.id)).toMatchObject({ attempts: PROCESS_MAX_ATTEMPTS, error: WORKER_LOST });
  });

  it('spends an attempt on a process no worker ever took, so it is not retried for ever', async () => {
    const d = await dealer();
    const [car] = await t.make.vehicles(d.normal);
    const row = await start(car!, 'copy');
    const retry = async () => true;
    const outcomes: string[] = [];
    for (let i = 0; i < PROCESS_MAX_ATTEMPTS + 1; i++) {
      const { retried } = await reapStaleProcesses(t.db, { now: inTenMinutes(), retry });
      outcomes.push(retried.includes(row.id) ? 'retried' : (await processRow(row.id)).status);
    }
    expect(outcomes).toEqual([...Array(PROCESS_MAX_ATTEMPTS).fill('retried'), 'failed']);
  });

  it('fails a process whose kind it cannot retry', async () => {
    const d = await dealer();
    const [car] = await t.make.vehicles(d.normal);
    const row = await start(car!, 'blur');
    const { failed } = await reapStaleProcesses(t.db, { now: inTenMinutes(), retry: async () => false });
    expect(failed).toContain(row.id);
    expect((await processRow(row.id)).status).toBe('failed');
  });
});
