import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exteriorJobs } from '../../src/modules/exterior/jobs.ts';
import { multipleJob } from '../../src/modules/exterior/pipeline-work.ts';
import type { ProcessJobPayload } from '../../src/modules/processes/runner.ts';
import { keepUploadInStore, UploadFileMissing, uploadBlobKey } from '../../src/modules/uploads/upload-files.ts';
import type { JobContext, JobHandler } from '../../src/platform/jobs/queue-registry.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { contentApi } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';
import { testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { recordingJobs } from '../helpers/recording-jobs.ts';
import { turntableVideo } from '../helpers/turntable.ts';
import { readyUpload, rowsOf, uploadFile, uploadRow } from './pipeline-helpers.ts';

/**
 * The pipeline as a worker runs it: the request records the process and enqueues its job (a runner that only
 * records what is enqueued stands in for pg-boss), and the test delivers the job to the area's handler itself, as
 * pg-boss would: first with a worker that dies in the middle (a throw that is not the last attempt puts the process
 * back in the queue), then again; the retry ends with exactly the frames of a clean run. While the process is
 * queued or running it holds its locks.
 */

const { enqueued, runner: recordingRunner } = recordingJobs();
const t = useTestApp({ jobs: recordingRunner });
let owner: SignedInUser;
let handler: JobHandler<ProcessJobPayload>;
let killAt: { extracted?: boolean; stored?: number } = {};

class WorkerKilled extends Error {}

beforeAll(async () => {
  owner = await t.make.signedIn({ privilege_type: 'super' });
  const jobs = exteriorJobs(
    { db: t.db, store: testAppStore(t.dir), media: createMedia(), log: () => undefined },
    {
      pipelineHooks: {
        afterExtract: () => {
          if (killAt.extracted) throw new WorkerKilled('the worker died after decoding');
        },
        afterFrameStored: (stored) => {
          if (killAt.stored === stored) throw new WorkerKilled(`the worker died after ${stored} frames`);
        },
      },
    },
  );
  handler = jobs.handlers[multipleJob.name] as JobHandler<ProcessJobPayload>;
  expect(jobs.processJobs?.multiple).toBe(multipleJob);
});

const delivery = (retryCount: number): JobContext => ({ id: `delivery-${retryCount}`, retryCount });
const processOf = (id: string) =>
  t.db.selectFrom('content_processes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Starts the pipeline through the route; answers the queued process and its enqueued job's payload. */
async function started(car: string) {
  const upload = await readyUpload(t, owner, car, await turntableVideo(1.25));
  const res = await contentApi(t.app, owner).post(`/exterior/${car}`, { upload_ids: [upload] });
  expect(res.statusCode, res.body).toBe(202);
  const process = res.json().process;
  expect(process).toMatchObject({ process: 'multiple', status: 'queued', progress: 0 });
  const job = enqueued.find((j) => j.payload.processId === process.id);
  expect(job).toMatchObject({ name: 'exterior.multiple', payload: { attempt: 0 } });
  return { upload, processId: process.id as string, payload: job!.payload };
}

const hashes = async (car: string) =>
  (await rowsOf(t.db, car)).flatMap((r) =>
    r.frames.flatMap((f) => [
      f.original.master.split('/').at(-1),
      ...Object.values(f.original.renditions).flatMap((x) => [x.jpeg.split('/').at(-1), x.webp.split('/').at(-1)]),
    ]),
  );

describe('a worker killed in the middle is retried and ends with the same frames', () => {
  let clean: (string | undefined)[];

  beforeAll(async () => {
    const [car] = (await t.make.vehicles(owner)) as [string];
    const { payload } = await started(car);
    killAt = {};
    expect(await handler(payload, delivery(0))).toBe('success');
    clean = await hashes(car);
    expect(clean).toHaveLength(36 * 7);
  });

  for (const kill of [{ extracted: true }, { stored: 10 }]) {
    it(`killed ${kill.extracted ? 'after decoding, before anything is stored' : 'after 10 of 36 frames were stored'}`, async () => {
      const [car] = (await t.make.vehicles(owner)) as [string];
      const { upload, processId, payload } = await started(car);

      killAt = kill;
      await expect(handler(payload, delivery(0))).rejects.toBeInstanceOf(WorkerKilled);
      // Back in the queue with why it stopped; nothing of the attempt is visible; the file is kept for the retry.
      expect(await processOf(processId)).toMatchObject({ status: 'queued', attempts: 1 });
      expect((await processOf(processId)).error).toContain('the worker died');
      expect(await rowsOf(t.db, car)).toEqual([]);
      expect(await uploadRow(t.db, upload)).toMatchObject({ status: 'processing' });
      expect(existsSync(uploadFile(t, upload))).toBe(true);
      expect(await t.db.selectFrom('movie_backups').selectAll().where('content_id', '=', car).execute()).toEqual([]);
      // Still queued, it still holds its locks: another start on the vehicle is refused.
      const second = await contentApi(t.app, owner).post(`/exterior/${car}`, {
        upload_ids: [await readyUpload(t, owner, car, await turntableVideo(1.25))],
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toMatchObject({ code: 'content_locked', params: { process: 'multiple' } });

      killAt = {};
      expect(await handler(payload, delivery(1))).toBe('success');
      expect(await processOf(processId)).toMatchObject({ status: 'succeeded', progress: 100, attempts: 2 });
      expect(await hashes(car)).toEqual(clean);
      expect(await uploadRow(t.db, upload)).toMatchObject({ status: 'complete' });
      expect(existsSync(uploadFile(t, upload))).toBe(false);
      expect(await t.db.selectFrom('movie_backups').selectAll().where('content_id', '=', car).execute()).toHaveLength(
        1,
      );

      // Delivered once more (pg-boss at least once): a finished process is skipped, nothing changes.
      expect(await handler(payload, delivery(2))).toBe('skipped');
      expect(await hashes(car)).toEqual(clean);
    });
  }

  it('the last attempt fails the process for good: its locks go, its uploads are given up', async () => {
    const [car] = (await t.make.vehicles(owner)) as [string];
    const { upload, processId, payload } = await started(car);
    killAt = { extracted: true };
    expect(await handler(payload, delivery(2))).toBe('success');
    killAt = {};
    expect(await processOf(processId)).toMatchObject({ status: 'failed' });
    expect(await rowsOf(t.db, car)).toEqual([]);
    expect(await uploadRow(t.db, upload)).toMatchObject({ status: 'error', error_code: 'internal_error' });
    expect(existsSync(uploadFile(t, upload))).toBe(false);
    // Nothing holds the vehicle any more: a new upload makes its spin.
    const again = await contentApi(t.app, owner).post(`/exterior/${car}`, {
      upload_ids: [await readyUpload(t, owner, car, await turntableVideo(1.25))],
    });
    expect(again.statusCode).toBe(202);
  });
});

describe('a worker that cannot see the upload file', () => {
  it('fails the attempt without refusing the video; the retry on a node that has it makes the spin', async () => {
    const [car] = (await t.make.vehicles(owner)) as [string];
    const { upload, processId, payload } = await started(car);
    const file = uploadFile(t, upload);
    await rename(file, `${file}.elsewhere`);
    await expect(handler(payload, delivery(0))).rejects.toBeInstanceOf(UploadFileMissing);
    expect(await processOf(processId)).toMatchObject({ status: 'queued' });
    expect(await uploadRow(t.db, upload)).toMatchObject({ status: 'processing', error_code: null });
    await rename(`${file}.elsewhere`, file);
    expect(await handler(payload, delivery(1))).toBe('success');
    expect((await rowsOf(t.db, car))[0]!.frames).toHaveLength(36);
  });
});

describe('a worker on another machine, with the upload in the blob store (S3 storage)', () => {
  it('makes the spin from a copy read from the store, then deletes the blob and the copy', async () => {
    const [car] = (await t.make.vehicles(owner)) as [string];
    const { upload, payload } = await started(car);
    const store = testAppStore(t.dir);
    const file = uploadFile(t, upload);
    // As `serve` does with S3 storage when the upload finishes; then the file is on a machine this worker is not.
    await keepUploadInStore(store, upload, file);
    await rename(file, `${file}.elsewhere`);
    expect(await handler(payload, delivery(0))).toBe('success');
    expect((await rowsOf(t.db, car))[0]!.frames).toHaveLength(36);
    expect(await uploadRow(t.db, upload)).toMatchObject({ status: 'complete' });
    expect(await store.exists(uploadBlobKey(upload))).toBe(false);
    const copy = path.join(tmpdir(), 'spinyard-upload-copies', upload);
    expect(existsSync(copy)).toBe(false);
    // The receiving node's own file is its sweep's (sweepDoneUploadFiles).
    expect(existsSync(`${file}.elsewhere`)).toBe(true);
  });
});

describe('the locks of a running pipeline', () => {
  it('refuses another spin and the vehicle’s delete while `multiple` runs, and the start while blur runs', async () => {
    const [making] = (await t.make.vehicles(owner, { process: 'running', processName: 'multiple' })) as [string];
    const api = contentApi(t.app, owner);
    const res = await api.post(`/exterior/${making}`, {
      upload_ids: [await readyUpload(t, owner, making, await turntableVideo(1.25))],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'content_locked', params: { process: 'multiple' } });
    const deleted = await api.delete(`/contents/${making}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toMatchObject({ code: 'content_locked', params: { process: 'multiple' } });

    const [blurring] = (await t.make.vehicles(owner, { process: 'running', processName: 'blur' })) as [string];
    const upload = await readyUpload(t, owner, blurring, await turntableVideo(1.25));
    const blurred = await api.post(`/exterior/${blurring}`, { upload_ids: [upload] });
    expect(blurred.statusCode).toBe(409);
    expect(blurred.json().error).toMatchObject({
      code: 'content_locked',
      params: { process: 'blur', operation: 'EXTERIOR.UPLOAD' },
    });
    // Refused before anything was claimed.
    expect(await uploadRow(t.db, upload)).toMatchObject({ status: 'ready' });
  });

  it('with the async option, a process locking EXTERIOR.ASYNC_UPLOAD refuses the start too', async () => {
    const user = await t.make.signedIn({ privilege_type: 'super', domain: { options: { async_mobile_upload: true } } });
    const [car] = (await t.make.vehicles(user, { process: 'queued', processName: 'exterior_replace_image' })) as [
      string,
    ];
    const res = await contentApi(t.app, user).post(`/exterior/${car}`, {
      upload_ids: [await readyUpload(t, user, car, await turntableVideo(1.25))],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'content_locked', params: { process: 'exterior_replace_image' } });
  });
});

describe('a trim as a worker runs it (trim-work.ts through the multiple job)', () => {
  it('is killed after decoding, retried, and ends with the row of one turn, holding the spin locks meanwhile', async () => {
    const [car] = (await t.make.vehicles(owner)) as [string];
    const { payload } = await started(car);
    killAt = {};
    expect(await handler(payload, delivery(0))).toBe('success');
    const [row] = await rowsOf(t.db, car);

    const res = await contentApi(t.app, owner).post(`/exterior/${car}/rows/${row!.group.id}/trim`, {
      start_seconds: 0,
      end_seconds: 8.2,
    });
    expect(res.statusCode, res.body).toBe(202);
    const process = res.json().process;
    expect(process).toMatchObject({ process: 'multiple', status: 'queued' });
    const job = enqueued.find((j) => j.payload.processId === process.id)!;
    expect(job).toMatchObject({ name: 'exterior.multiple' });

    killAt = { extracted: true };
    await expect(handler(job.payload, delivery(0))).rejects.toBeInstanceOf(WorkerKilled);
    expect(await processOf(process.id)).toMatchObject({ status: 'queued', attempts: 1 });
    // The row is as it was, and a second trim or spin is refused while the first is queued.
    expect(((await rowsOf(t.db, car))[0]!.group.loop as { verdict: string }).verdict).toBe('more_than_turn');
    const again = await contentApi(t.app, owner).post(`/exterior/${car}/rows/${row!.group.id}/trim`, {
      start_seconds: 0,
      end_seconds: 9,
    });
    expect(again.json().error).toMatchObject({ code: 'content_locked', params: { process: 'multiple' } });

    killAt = {};
    expect(await handler({ ...job.payload, attempt: 1 }, delivery(1))).toBe('success');
    expect(await processOf(process.id)).toMatchObject({ status: 'succeeded' });
    const [trimmed] = await rowsOf(t.db, car);
    expect(trimmed!.group.loop).toMatchObject({ verdict: 'one_turn', trim: { start_seconds: 0, end_seconds: 8.2 } });
    expect(trimmed!.frames).toHaveLength(36);
  });
});
