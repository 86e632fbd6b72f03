import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentApi } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';
import { testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { turntableVideo } from '../helpers/turntable.ts';
import { type TestVideo, testVideo } from '../helpers/videos.ts';
import { blobsOf, readyUpload, rowsOf, uploadFile, uploadRow } from './pipeline-helpers.ts';

/**
 * Every video the pipeline refuses gets its own catalogue code and leaves nothing behind: the process failed with
 * the code, every upload of it `error` with the code and its file deleted, no rows, no blobs, no backup, the
 * vehicle's flags untouched. The files reach the pipeline as the tus endpoint would leave them (`ready`), so the
 * pipeline's own checks are what is tested, also for bytes the endpoint's container check would have stopped.
 */

const t = useTestApp();
let owner: SignedInUser;
let grouper: SignedInUser;

beforeAll(async () => {
  owner = await t.make.signedIn({ privilege_type: 'super', domain: { options: { obvr_rows_max: 2 } } });
  grouper = await t.make.signedIn({ privilege_type: 'super', domain: { options: { upload_type: 'group' } } });
});

async function refusedWith(who: SignedInUser, files: string[], code: string) {
  const [car] = (await t.make.vehicles(who)) as [string];
  const ids: string[] = [];
  for (const file of files) ids.push(await readyUpload(t, who, car, file));
  const res = await contentApi(t.app, who).post(`/exterior/${car}`, { upload_ids: ids });
  expect(res.statusCode, res.body).toBe(202);
  const { process } = res.json();
  expect(process.status).toBe('failed');
  expect(process.error).toMatch(new RegExp(`^${code}: `));
  // The process row says the same (the console translates the code).
  const row = await t.db.selectFrom('content_processes').selectAll().where('id', '=', process.id).executeTakeFirst();
  expect(row).toMatchObject({ status: 'failed', process: 'multiple' });
  expect(row!.error).toMatch(new RegExp(`^${code}: `));
  for (const id of ids) {
    expect(await uploadRow(t.db, id)).toMatchObject({ status: 'error', error_code: code });
    expect(existsSync(uploadFile(t, id))).toBe(false);
  }
  expect(await rowsOf(t.db, car)).toEqual([]);
  expect(await blobsOf(testAppStore(t.dir), car)).toEqual([]);
  expect(await t.db.selectFrom('movie_backups').selectAll().where('content_id', '=', car).execute()).toEqual([]);
  const vehicle = await t.db
    .selectFrom('contents')
    .select(['has_exterior', 'thumbnail_key'])
    .where('id', '=', car)
    .executeTakeFirstOrThrow();
  expect(vehicle).toEqual({ has_exterior: false, thumbnail_key: null });
  return row!.error as string;
}

const cases: [TestVideo, string][] = [
  ['portrait', 'video_vertical_not_allowed'],
  ['rotatedPortrait', 'video_vertical_not_allowed'],
  ['short', 'video_too_short'],
  ['randomBytes', 'video_invalid_file'],
  ['truncated', 'video_invalid_file'],
  ['matroska', 'unsupported_video_format'],
  ['hugeResolution', 'video_out_of_bounds'],
  ['hourLong', 'video_out_of_bounds'],
  ['tooFast', 'video_out_of_bounds'],
];

describe('a refused video leaves nothing behind', () => {
  for (const [video, code] of cases) {
    it(`${video}: ${code}`, async () => {
      await refusedWith(owner, [await testVideo(video)], code);
    });
  }

  it('too short: the message names the minimum seconds (8)', async () => {
    const error = await refusedWith(owner, [await testVideo('short')], 'video_too_short');
    expect(error).toContain('at least 8 seconds');
  });

  it('a group of videos of different aspect ratios: video_aspect_mismatch, for every video of it', async () => {
    await refusedWith(grouper, [await testVideo('landscape'), await testVideo('fourThree')], 'video_aspect_mismatch');
  });

  it('multiple lines: one bad video refuses the whole set, so no row is half made', async () => {
    await refusedWith(owner, [await turntableVideo(1.25), await testVideo('portrait')], 'video_vertical_not_allowed');
  });

  it('a landscape video the rules accept makes its spin (the refusals above are the videos’ own)', async () => {
    const [car] = (await t.make.vehicles(owner)) as [string];
    const id = await readyUpload(t, owner, car, await testVideo('landscape'));
    const res = await contentApi(t.app, owner).post(`/exterior/${car}`, { upload_ids: [id] });
    expect(res.json().process).toMatchObject({ status: 'succeeded' });
    expect((await rowsOf(t.db, car))[0]!.frames).toHaveLength(36);
  });
});
