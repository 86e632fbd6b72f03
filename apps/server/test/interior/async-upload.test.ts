import { beforeAll, describe, expect, it } from 'vitest';
import { processService } from '../../src/modules/processes/service.ts';
import { useTestApp } from '../helpers/app.ts';
import { testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { multipart } from '../helpers/multipart.ts';
import { panorama } from '../helpers/pictures.ts';

/**
 * The interior upload the dealer may leave (interior_async_upload): the file kept, the scene made by the process,
 * the kept file deleted after; off unless the domain's async mobile upload option is on; a bad file refused before
 * anything is kept; the vehicle's delete waits while it runs.
 */

const t = useTestApp();
const API = '/api/browser/v0';
let owner: SignedInUser;
let off: SignedInUser;

beforeAll(async () => {
  owner = await t.make.signedIn({ tenant: await t.make.tenant({ options: { async_mobile_upload: true } }) });
  off = await t.make.signedIn({ tenant: await t.make.tenant() });
});

const sendAsync = (user: SignedInUser, car: string, file: Buffer) => {
  const body = multipart({ title: 'Front seats' }, { data: file, name: 'pano.jpg', type: 'image/jpeg' });
  return t.app.inject({
    method: 'POST',
    url: `${API}/interior/${car}/async`,
    headers: { ...body.headers, authorization: `Bearer ${user.contentToken}` },
    payload: body.payload,
  });
};
const newCar = async (user: SignedInUser) => ((await t.make.vehicles(user)) as [string])[0];
const sources = (car: string) => testAppStore(t.dir).list(`contents/${car}/interior/sources/`);

describe('POST /interior/{id}/async', () => {
  it('keeps the file, makes the scene in the process, and deletes the kept file', async () => {
    const car = await newCar(owner);
    const res = await sendAsync(owner, car, await panorama(1024, 512));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().process.process).toBe('interior_async_upload');
    const interior = await t.app.inject({
      method: 'GET',
      url: `${API}/interior/${car}`,
      headers: { authorization: `Bearer ${owner.contentToken}` },
    });
    expect(interior.json().scenes.map((s: { title: string }) => s.title)).toEqual(['Front seats']);
    const content = await t.db.selectFrom('contents').select('has_interior').where('id', '=', car).executeTakeFirst();
    expect(content?.has_interior).toBe(true);
    expect(await sources(car)).toEqual([]);
  });

  it('is refused when off and for a file that is no 2:1 panorama, keeping nothing', async () => {
    const plain = await newCar(off);
    const refused = await sendAsync(off, plain, await panorama(1024, 512));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.params).toEqual({ reason: 'async_upload_off' });
    const car = await newCar(owner);
    const bad = await sendAsync(owner, car, await panorama(1024, 600));
    expect(bad.statusCode).toBe(422);
    expect(await sources(car)).toEqual([]);
    const rows = await t.db.selectFrom('content_processes').select('id').where('content_id', '=', car).execute();
    expect(rows).toEqual([]);
  });

  it('while it runs, the vehicle cannot be deleted', async () => {
    const car = await newCar(owner);
    const [running] = await processService(t.db).start([
      { contentId: car, process: 'interior_async_upload', actorUserId: owner.id },
    ]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${API}/contents/${car}`,
      headers: { authorization: `Bearer ${owner.contentToken}` },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.params).toMatchObject({ process: 'interior_async_upload', operation: 'CONTENT.DELETE' });
    await processService(t.db).succeed(running!.id);
  });
});
