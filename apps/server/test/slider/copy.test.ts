import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copySliderMedia } from '../../src/modules/slider/media-share.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { noisePicture } from '../helpers/pictures.ts';
import { testVideo } from '../helpers/videos.ts';
import { API, as, upload } from './slider-helpers.ts';

/** A copied vehicle gets its own copy of the slider: rows in order, files under its own prefix, its flags. */

const t = useTestApp();
let biker: SignedInUser;

beforeAll(async () => {
  biker = await t.make.signedIn({ tenant: await t.make.tenant({ options: { content_style: 'bike' } }) });
});

describe('copySliderMedia', () => {
  it('copies items, videos and rider view with files of its own, which survive the original being emptied', async () => {
    const [original, copy] = (await t.make.vehicles(biker, { count: 2 })) as [string, string];
    const base = `${API}/slider/${original}`;
    const image = await t.app.inject(
      upload(
        biker,
        `${base}/images`,
        { category: 'engine', caption: 'Engine' },
        { data: await noisePicture(1280, 720) },
      ),
    );
    expect(image.statusCode, image.body).toBe(201);
    await t.app.inject(as(biker, { method: 'POST', url: `${base}/video-links`, payload: { url: 'dQw4w9WgXcQ' } }));
    const movie = await t.app.inject(
      upload(biker, `${base}/movies`, {}, { data: await readFile(await testVideo('landscape')), name: 'a.mp4' }),
    );
    expect(movie.statusCode, movie.body).toBe(201);
    const seat = await t.app.inject(upload(biker, `${base}/rider-view`, {}, { data: await noisePicture(1600, 900) }));
    expect(seat.statusCode, seat.body).toBe(201);

    const store = createDiskBlobStore(path.join(t.dir, 'media'));
    await t.db.transaction().execute((trx) => copySliderMedia(trx, store, original, copy));

    const read = async (url: string) => await t.app.inject(as(biker, { method: 'GET', url })).then((r) => r.json());
    const slider = await read(`${API}/slider/${copy}`);
    expect(slider.items.map((i: { kind: string }) => i.kind)).toEqual(['image', 'video_link']);
    expect(slider.items[0]).toMatchObject({ category: 'engine', caption: 'Engine' });
    expect(slider.items[0].image.renditions.display.jpeg).toContain(`/contents/${copy}/slider/`);
    expect(slider.items[1].video_id).toBe('dQw4w9WgXcQ');
    const movies = await read(`${API}/slider/${copy}/movies`);
    expect(movies.items[0].url).toContain(`/contents/${copy}/movies/`);
    const rider = await read(`${API}/slider/${copy}/rider-view`);
    expect(rider.items).toHaveLength(1);
    const flags = await t.db
      .selectFrom('contents')
      .select(['has_category_images', 'has_rider_view'])
      .where('id', '=', copy)
      .executeTakeFirstOrThrow();
    expect(flags).toEqual({ has_category_images: true, has_rider_view: true });

    // Emptying the original removes its files only: the copy's still load.
    for (const item of (await read(`${API}/slider/${original}`)).items) {
      await t.app.inject(as(biker, { method: 'DELETE', url: `${base}/items/${item.id}` }));
    }
    await t.app.inject(as(biker, { method: 'DELETE', url: `${base}/movies/${movie.json().id}` }));
    await t.app.inject(as(biker, { method: 'DELETE', url: `${base}/rider-view/${seat.json().id}` }));
    expect((await t.app.inject({ method: 'GET', url: image.json().image.renditions.display.jpeg })).statusCode).toBe(
      404,
    );
    for (const url of [
      slider.items[0].image.renditions.display.jpeg,
      movies.items[0].url,
      movies.items[0].poster.renditions.thumbnail.webp,
      rider.items[0].image.renditions.zoom.jpeg,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});
