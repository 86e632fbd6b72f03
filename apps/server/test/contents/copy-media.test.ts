import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import { noisePicture, panorama } from '../helpers/pictures.ts';
import { fetchMedia, uploadPanorama } from '../interior/panoramas.ts';
import { API, as, upload } from '../slider/slider-helpers.ts';
import { copyVehicle } from './content-api.ts';

/**
 * `POST /contents/copy` copies the media too: the spin with its edits and settings, the panoramas with their tiles,
 * the slider. The copy owns its files: emptying the original leaves every URL of the copy loading.
 */

const t = useTestApp();

describe('copy of a vehicle with its media', () => {
  it('gives the copy the same spin, panoramas and category images under its own files', async () => {
    const owner = await t.make.signedIn();
    const [car] = (await t.make.vehicles(owner, { count: 1 })) as [string];
    await seedExterior(t, car, { rows: [8] });
    const pano = await uploadPanorama(t.app, owner.contentToken, car, await panorama(1024, 512));
    expect(pano.statusCode, pano.body).toBe(201);
    const image = await t.app.inject(
      upload(
        owner,
        `${API}/slider/${car}/images`,
        { category: 'engine', caption: 'Engine' },
        {
          data: await noisePicture(1280, 720),
        },
      ),
    );
    expect(image.statusCode, image.body).toBe(201);

    const copy = await copyVehicle(t, owner, car);

    const read = async (url: string) => (await t.app.inject(as(owner, { method: 'GET', url }))).json();
    const [fromExterior, toExterior] = [await read(`${API}/exterior/${car}`), await read(`${API}/exterior/${copy}`)];
    expect(toExterior.groups).toHaveLength(1);
    expect(toExterior.groups[0].sheets).toHaveLength(8);
    expect(toExterior.groups[0].sheets[0].url).toContain(`/contents/${copy}/`);
    const firstOf = (answer: { groups: { sheets: { url: string }[] }[] }) => answer.groups[0]!.sheets[0]!.url;
    expect(await fetchMedia(t.app, firstOf(toExterior))).toEqual(await fetchMedia(t.app, firstOf(fromExterior)));
    const interior = await read(`${API}/interior/${copy}`);
    expect(interior.scenes).toHaveLength(1);
    const sceneUrls = JSON.stringify(interior.scenes[0]);
    expect(sceneUrls).toContain(`/contents/${copy}/`);
    expect(sceneUrls).not.toContain(`/contents/${car}/`);
    const slider = await read(`${API}/slider/${copy}`);
    expect(slider.items[0]).toMatchObject({ category: 'engine', caption: 'Engine' });
    const flags = await t.db
      .selectFrom('contents')
      .select(['has_exterior', 'has_interior', 'has_category_images', 'thumbnail_key'])
      .where('id', '=', copy)
      .executeTakeFirstOrThrow();
    expect(flags).toMatchObject({ has_exterior: true, has_interior: true, has_category_images: true });
    expect(flags.thumbnail_key).toContain(`contents/${copy}/`);

    // The original emptied: the copy's files are its own and still load.
    expect((await t.app.inject(as(owner, { method: 'DELETE', url: `${API}/exterior/${car}` }))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: firstOf(fromExterior) })).statusCode).toBe(404);
    expect((await fetchMedia(t.app, firstOf(toExterior))).length).toBeGreaterThan(0);
  });
});
