import { describe, expect, it } from 'vitest';
import { purgeDeletedVehiclesMedia, purgeVehicleMedia } from '../../src/modules/vehicle-media/purge.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior, testAppStore } from '../helpers/exterior-seed.ts';
import { noisePicture, panorama } from '../helpers/pictures.ts';
import { uploadPanorama } from '../interior/panoramas.ts';
import { API, as, upload } from '../slider/slider-helpers.ts';

/**
 * The media of a vehicle deleted for good are purged (rows and files), its exterior backups excepted; a vehicle
 * only soft-deleted, or live, keeps every file.
 */

const t = useTestApp();

async function vehicleWithMedia(owner: Awaited<ReturnType<typeof t.make.signedIn>>): Promise<string> {
  const [car] = (await t.make.vehicles(owner, { count: 1 })) as [string];
  await seedExterior(t, car, { rows: [4] });
  expect((await uploadPanorama(t.app, owner.contentToken, car, await panorama(1024, 512))).statusCode).toBe(201);
  const image = await t.app.inject(
    upload(owner, `${API}/slider/${car}/images`, { category: 'exterior' }, { data: await noisePicture(1280, 720) }),
  );
  expect(image.statusCode, image.body).toBe(201);
  return car;
}

describe('purge of the media of vehicles deleted for good', () => {
  it('removes the rows and files of a permanently deleted vehicle, keeps its backups, and leaves others alone', async () => {
    const owner = await t.make.signedIn();
    const [gone, soft, live] = [
      await vehicleWithMedia(owner),
      await vehicleWithMedia(owner),
      await vehicleWithMedia(owner),
    ];
    const store = testAppStore(t.dir);
    await store.put(`contents/${gone}/exterior-backups/kept.mp4`, Buffer.from('backup'));
    await t.make.update.publication(gone, 'permanently_deleted');
    await t.make.update.publication(soft, 'deleted');
    const before = (id: string) => store.list(`contents/${id}/`);
    const softFiles = await before(soft);
    const liveFiles = await before(live);
    expect((await before(gone)).length).toBeGreaterThan(10);

    const run = await purgeDeletedVehiclesMedia(t.db, store);
    expect(run.vehicles).toContain(gone);
    expect(run.vehicles).not.toContain(soft);
    expect(await before(gone)).toEqual([`contents/${gone}/exterior-backups/kept.mp4`]);
    expect(await before(soft)).toEqual(softFiles);
    expect(await before(live)).toEqual(liveFiles);
    for (const table of ['exterior_groups', 'interior_scenes', 'slider_items'] as const) {
      const rows = await t.db.selectFrom(table).select('id').where('content_id', '=', gone).execute();
      expect(rows, table).toEqual([]);
    }
    // The live vehicle's media still answer.
    const exterior = await t.app.inject(as(owner, { method: 'GET', url: `${API}/exterior/${live}` }));
    expect(exterior.json().groups[0].sheets).toHaveLength(4);
    // A second run finds nothing left, and a vehicle not deleted for good is never purged, even when asked.
    expect((await purgeDeletedVehiclesMedia(t.db, store)).vehicles).not.toContain(gone);
    expect(await purgeVehicleMedia(t.db, store, live)).toBe(0);
    expect(await before(live)).toEqual(liveFiles);
  });
});
