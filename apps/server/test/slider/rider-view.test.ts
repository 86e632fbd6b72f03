import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { noisePicture } from '../helpers/pictures.ts';
import { API, as, upload } from './slider-helpers.ts';

/** A bike's rider view images: bikes only, landscape JPEG or PNG, order, delete with files, the flag, the locks. */

const t = useTestApp();
let biker: SignedInUser;
let carDealer: SignedInUser;

beforeAll(async () => {
  biker = await t.make.signedIn({ tenant: await t.make.tenant({ options: { content_style: 'bike' } }) });
  carDealer = await t.make.signedIn();
});

const riderUrl = (contentId: string) => `${API}/slider/${contentId}/rider-view`;
const add = async (who: SignedInUser, contentId: string, data: Buffer) =>
  t.app.inject(upload(who, riderUrl(contentId), {}, { data, name: 'seat.jpg' }));
const flagOf = async (contentId: string) =>
  (await t.db.selectFrom('contents').select('has_rider_view').where('id', '=', contentId).executeTakeFirstOrThrow())
    .has_rider_view;

describe('rider view', () => {
  it('is refused for a car with rider_view_bike_only', async () => {
    const [car] = (await t.make.vehicles(carDealer)) as [string];
    const res = await add(carDealer, car, await noisePicture(1600, 900));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('rider_view_bike_only');
    expect(await flagOf(car)).toBe(false);
  });

  it('takes landscape images of a bike, any ratio, and refuses portrait and other formats', async () => {
    const [bike] = (await t.make.vehicles(biker)) as [string];
    const first = await add(biker, bike, await noisePicture(1500, 1000));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().image.renditions.thumbnail.width).toBe(320);
    expect(await flagOf(bike)).toBe(true);
    const portrait = await add(biker, bike, await noisePicture(1000, 1500));
    expect(portrait.statusCode).toBe(422);
    expect(portrait.json().error).toMatchObject({ code: 'image_dimensions_invalid', params: { rule: 'landscape' } });
    const text = await add(biker, bike, Buffer.from('hello'));
    expect(text.json().error.code).toBe('unsupported_image_format');
    const list = await t.app.inject(as(biker, { method: 'GET', url: riderUrl(bike) }));
    expect(list.json().items).toHaveLength(1);
  });

  it('reorders, and deletes with the files and the flag', async () => {
    const [bike] = (await t.make.vehicles(biker)) as [string];
    const a = (await add(biker, bike, await noisePicture(1280, 720, 'jpeg', 11))).json();
    const b = (await add(biker, bike, await noisePicture(1280, 720, 'png', 12))).json();
    const order = await t.app.inject(
      as(biker, { method: 'POST', url: `${riderUrl(bike)}/order`, payload: { ids: [b.id, a.id] } }),
    );
    expect(order.json().items.map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);
    for (const item of [a, b]) {
      const res = await t.app.inject(as(biker, { method: 'DELETE', url: `${riderUrl(bike)}/${item.id}` }));
      expect(res.statusCode, res.body).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: item.image.renditions.zoom.jpeg })).statusCode).toBe(404);
    }
    expect(await flagOf(bike)).toBe(false);
  });

  it('a running slider_movie refuses changes', async () => {
    const [bike] = (await t.make.vehicles(biker, { process: 'running', processName: 'slider_movie' })) as [string];
    const res = await add(biker, bike, await noisePicture(1280, 720));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'content_locked', params: { process: 'slider_movie' } });
  });
});
