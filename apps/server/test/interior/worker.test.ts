import path from 'node:path';
import { DEFAULT_ENHANCE_SETTINGS, type InteriorSceneAnswer } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { autoColorJob, interiorEnhanceJob, interiorJobs, whiteBalanceJob } from '../../src/modules/interior/jobs.ts';
import type { ProcessJobPayload } from '../../src/modules/processes/runner.ts';
import type { JobContext, JobHandler } from '../../src/platform/jobs/queue-registry.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { panorama } from '../helpers/pictures.ts';
import { recordingJobs } from '../helpers/recording-jobs.ts';
import { uploadPanorama } from './panoramas.ts';

/**
 * The image-quality processes as a worker runs them: the request records the process and enqueues its job (a runner
 * that only records stands in for pg-boss) and answers it queued, holding its lock; the test delivers the job to the
 * area's handler as pg-boss would. A second delivery of a finished process is skipped; a job whose scene was deleted
 * before it ran fails with not_found.
 */

const { enqueued, runner: recordingRunner } = recordingJobs();
const t = useTestApp({ jobs: recordingRunner });
let owner: SignedInUser;
let handlers: Record<string, JobHandler<ProcessJobPayload>>;

beforeAll(async () => {
  const tenant = await t.make.tenant({ options: { interior_enhancement: true } });
  owner = await t.make.signedIn({ tenant, privilege_type: 'super' });
  const jobs = interiorJobs({
    db: t.db,
    store: createDiskBlobStore(path.join(t.dir, 'media')),
    media: createMedia(),
    log: () => undefined,
  });
  handlers = jobs.handlers as Record<string, JobHandler<ProcessJobPayload>>;
  expect(jobs.processJobs).toMatchObject({
    interior_enhance: interiorEnhanceJob,
    whiteblance: whiteBalanceJob,
    color: autoColorJob,
  });
  expect(Object.keys(jobs.processJobs ?? {}).sort()).toEqual([
    'color',
    'interior_async_upload',
    'interior_autodetect_annotation',
    'interior_enhance',
    'whiteblance',
  ]);
});

const API = '/api/browser/v0';
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { authorization: `Bearer ${owner.contentToken}` }, payload });
const delivery = (retryCount: number): JobContext => ({ id: `delivery-${retryCount}`, retryCount });
const processOf = (id: string) =>
  t.db.selectFrom('content_processes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function scene(): Promise<{ car: string; scene: InteriorSceneAnswer }> {
  const [car] = await t.make.vehicles(owner);
  const res = await uploadPanorama(t.app, owner.contentToken, car!, await panorama(1024, 512));
  expect(res.statusCode, res.body).toBe(201);
  return { car: car!, scene: res.json() };
}

describe('interior image edits on a worker', () => {
  it('is queued by the request, holds its lock, and the worker writes the picture once', async () => {
    const { car, scene: s } = await scene();
    const res = await call('POST', `/interior/${car}/scenes/${s.id}/enhance`, {
      ...DEFAULT_ENHANCE_SETTINGS,
      saturation: true,
    });
    expect(res.statusCode, res.body).toBe(202);
    const process = res.json().process;
    expect(process).toMatchObject({ process: 'interior_enhance', status: 'queued', progress: 0 });
    const job = enqueued.find((j) => j.payload.processId === process.id)!;
    expect(job.name).toBe('interior.enhance');
    // Nothing is applied yet, and another image edit waits for this one.
    expect(res.json().scene.original).toBeNull();
    const second = await call('POST', `/interior/${car}/scenes/${s.id}/adjust`, {
      mode: 'auto',
      temperature: 0,
      tint: 0,
    });
    expect(second.json().error).toMatchObject({ code: 'content_locked', params: { process: 'interior_enhance' } });
    const listed = (await call('GET', `/interior/${car}`)).json();
    expect(listed.processes.map((p: { process: string }) => p.process)).toEqual(['interior_enhance']);

    expect(await handlers[interiorEnhanceJob.name]!(job.payload, delivery(0))).toBe('success');
    expect(await processOf(process.id)).toMatchObject({ status: 'succeeded', progress: 100 });
    const after = (await call('GET', `/interior/${car}`)).json();
    expect(after.processes).toEqual([]);
    expect(after.scenes[0].original.master).toBe(s.image.master);
    expect(after.scenes[0].enhance).toMatchObject({ saturation: true });
    // Delivered again (pg-boss at least once): the finished process is not run twice.
    expect(await handlers[interiorEnhanceJob.name]!(job.payload, delivery(1))).toBe('skipped');
  });

  it('a job whose scene was deleted before it ran fails with not_found', async () => {
    const { car, scene: s } = await scene();
    const res = await call('POST', `/interior/${car}/scenes/${s.id}/adjust`, {
      mode: 'manual',
      temperature: 40,
      tint: 0,
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = enqueued.find((j) => j.payload.processId === res.json().process.id)!;
    expect(job.name).toBe('interior.white-balance');
    // The spec's rules let a scene be deleted while the vehicle's white balance runs.
    expect((await call('DELETE', `/interior/${car}/scenes/${s.id}`)).statusCode).toBe(204);
    expect(await handlers[whiteBalanceJob.name]!(job.payload, delivery(0))).toBe('success');
    const row = await processOf(job.payload.processId);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/^not_found: /);
  });
});
