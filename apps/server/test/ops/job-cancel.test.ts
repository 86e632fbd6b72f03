import { existsSync, readFileSync } from 'node:fs';
import { chmod, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exteriorJobs, PIPELINE_JOB_NAMES } from '../../src/modules/exterior/jobs.ts';
import { processService } from '../../src/modules/processes/service.ts';
import { createBoss } from '../../src/platform/jobs/boss.ts';
import { createJobRunner, type JobRunner } from '../../src/platform/jobs/queue-registry.ts';
import { ffmpegPath, runningMediaPids } from '../../src/platform/media/ffmpeg.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { contentApi } from '../contents/content-api.ts';
import { eventually } from '../contents/process-jobs.ts';
import { readyUpload, rowsOf, uploadFile, uploadRow } from '../exterior/pipeline-helpers.ts';
import { useTestApp } from '../helpers/app.ts';
import { testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { turntableVideo } from '../helpers/turntable.ts';

/**
 * A spin job on a real pg-boss worker whose job or process is ended while its ffmpeg decodes: the ffmpeg is killed
 * (platform/jobs/job-signal.ts), the job's temporary folder goes, and nothing of the attempt is written over what
 * ended it. ffmpeg reads the 10 s clip at its own pace (`-re`, a wrapper named by FFMPEG_PATH), so the decode is
 * surely under way when the test ends the job, at almost no CPU.
 */

let boss: PgBoss | undefined;
let runner: JobRunner | undefined;
const logs: { msg: string; id: unknown }[] = [];
// The app enqueues through this; the worker behind it starts once the app's database exists.
const lateRunner: JobRunner = {
  start: async () => undefined,
  stop: async () => undefined,
  enqueue: (definition, payload, options) => runner!.enqueue(definition, payload, options),
};
const t = useTestApp({ jobs: lateRunner });
let owner: SignedInUser;
const realFfmpeg = process.env.FFMPEG_PATH;

beforeAll(async () => {
  const paced = path.join(t.dir, 'ffmpeg-paced');
  await writeFile(paced, `#!/bin/sh\nexec '${ffmpegPath()}' -re "$@"\n`);
  await chmod(paced, 0o755);
  process.env.FFMPEG_PATH = paced;
  owner = await t.make.signedIn({ privilege_type: 'super' });
  boss = createBoss(t.databaseUrl);
  const jobs = exteriorJobs({ db: t.db, store: testAppStore(t.dir), media: createMedia(), log: () => undefined });
  runner = createJobRunner({
    boss,
    ...jobs,
    // As `serve` runs the spin jobs (main.ts): in the shared media lanes.
    lanes: { names: PIPELINE_JOB_NAMES, count: 1 },
    log: (msg, fields) => logs.push({ msg, id: fields.id }),
  });
  await runner.start();
});
afterAll(async () => {
  if (realFfmpeg === undefined) delete process.env.FFMPEG_PATH;
  else process.env.FFMPEG_PATH = realFfmpeg;
  await runner?.stop();
});

const alive = (pid: number): boolean => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
const isFfmpeg = (pid: number): boolean => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\u0000').includes('-re');
  } catch {
    return false;
  }
};

/** The job's own temporary folders (platform/jobs/temp-space.ts: `<this process>-<random>/job-<id>`). */
async function jobFolders(jobId: string): Promise<string[]> {
  const root = path.join(tmpdir(), 'spinyard-work');
  const mine = (await readdir(root)).filter((name) => name.startsWith(`${process.pid}-`));
  return mine.filter((name) => existsSync(path.join(root, name, `job-${jobId}`)));
}

/** A spin started through the route and taken up by the worker, its ffmpeg decoding. */
async function decoding() {
  const [car] = (await t.make.vehicles(owner)) as [string];
  const upload = await readyUpload(t, owner, car, await turntableVideo(1.25));
  const res = await contentApi(t.app, owner).post(`/exterior/${car}`, { upload_ids: [upload] });
  expect(res.statusCode, res.body).toBe(202);
  const processId = res.json().process.id as string;
  const { rows } = await sql<{ id: string; name: string }>`
    SELECT id, name FROM pgboss.job WHERE data->>'processId' = ${processId}`.execute(t.db);
  const { id: jobId, name } = rows[0]!;
  const pids = await eventually('ffmpeg decoding the clip', async () => {
    const found = runningMediaPids().filter(isFfmpeg);
    return found.length > 0 ? found : undefined;
  });
  expect(await jobFolders(jobId)).toHaveLength(1);
  return { car, upload, processId, jobId, name, pids };
}

const ended = (jobId: string) =>
  eventually('the job’s end', async () => logs.find((l) => l.id === jobId && l.msg.startsWith('Job ')));

describe('a spin job no longer wanted', () => {
  it('cancelled in pg-boss: its ffmpeg is killed, its folder goes, the process is left for the reaper', async () => {
    const { car, upload, processId, jobId, name, pids } = await decoding();
    await boss!.cancel(name, jobId);

    await eventually('ffmpeg killed', async () => (pids.some(alive) ? undefined : true));
    expect((await ended(jobId)).msg).toBe('Job stopped: no longer active');
    expect(await jobFolders(jobId)).toEqual([]);
    expect((await boss!.getJobById(name, jobId))?.state).toBe('cancelled');
    // Nothing of the stopped attempt written; the upload kept for whoever takes the process up.
    expect(await rowsOf(t.db, car)).toEqual([]);
    const row = await processService(t.db).find(processId);
    expect(row?.status).toBe('running');
    expect(await uploadRow(t.db, upload)).toMatchObject({ status: 'processing' });
    expect(existsSync(uploadFile(t, upload))).toBe(true);
  });

  it('its process ended by someone else: its ffmpeg is killed and the ending stands', async () => {
    const { car, processId, jobId, pids } = await decoding();
    await processService(t.db).fail(processId, 'worker_lost: ended by the reaper');

    await eventually('ffmpeg killed', async () => (pids.some(alive) ? undefined : true));
    expect((await ended(jobId)).msg).toBe('Job skipped');
    expect(await jobFolders(jobId)).toEqual([]);
    expect(await processService(t.db).find(processId)).toMatchObject({
      status: 'failed',
      error: 'worker_lost: ended by the reaper',
    });
    expect(await rowsOf(t.db, car)).toEqual([]);
  });
});
