import { beforeAll, describe, expect, it } from 'vitest';
import { contentApi } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { testVideo } from '../helpers/videos.ts';
import { readyUpload, rowsOf, uploadRow } from './pipeline-helpers.ts';

/**
 * Tenant isolation of the pipeline's route: another company's user cannot start a spin on a vehicle they do not see
 * (404, as if it did not exist) nor use someone else's upload on their own vehicle (422 on the field, the upload
 * untouched); nothing is claimed, recorded or made.
 */

const t = useTestApp();
let owner: SignedInUser;
let stranger: SignedInUser;
let car: string;
let theirCar: string;

beforeAll(async () => {
  owner = await t.make.signedIn({ privilege_type: 'super' });
  stranger = await t.make.signedIn({ privilege_type: 'super' });
  [car] = (await t.make.vehicles(owner)) as [string];
  [theirCar] = (await t.make.vehicles(stranger)) as [string];
});

const processesOn = (id: string) =>
  t.db.selectFrom('content_processes').selectAll().where('content_id', '=', id).execute();

describe('POST /exterior/{content_id} across tenants', () => {
  it('answers 404 for another tenant’s vehicle, even with the owner’s own ready upload named', async () => {
    const victims = await readyUpload(t, owner, car, await testVideo('landscape'));
    const own = await readyUpload(t, stranger, theirCar, await testVideo('landscape'));
    for (const ids of [[victims], [own]]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/browser/v0/exterior/${car}`,
        headers: { authorization: `Bearer ${stranger.contentToken}` },
        payload: { upload_ids: ids },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect(await uploadRow(t.db, victims)).toMatchObject({ status: 'ready' });
    expect(await uploadRow(t.db, own)).toMatchObject({ status: 'ready' });
    expect(await processesOn(car)).toEqual([]);
    expect(await rowsOf(t.db, car)).toEqual([]);
  });

  it('refuses another tenant’s upload on the caller’s own vehicle as unknown, leaving it ready', async () => {
    const victims = await readyUpload(t, owner, car, await testVideo('landscape'));
    const res = await contentApi(t.app, stranger).post(`/exterior/${theirCar}`, { upload_ids: [victims] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'upload_ids.0', rule: 'not_found' })]);
    expect(await uploadRow(t.db, victims)).toMatchObject({ status: 'ready' });
    expect(await processesOn(theirCar)).toEqual([]);
  });
});
