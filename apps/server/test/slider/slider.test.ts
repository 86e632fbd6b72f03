import { captionWidth } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { gif, noisePicture } from '../helpers/pictures.ts';
import { API, as, upload } from './slider-helpers.ts';

/**
 * Category images and video links on real pictures (sharp-made JPEG, PNG and GIF): every refusal with its code and
 * nothing left behind, the caption cut, the renditions, order, update, delete with blob cleanup, the flag, the
 * locks and the template option.
 */

const t = useTestApp();

let owner: SignedInUser;
let car: string;

beforeAll(async () => {
  owner = await t.make.signedIn();
  [car] = (await t.make.vehicles(owner)) as [string];
});

const images = (contentId: string) => `${API}/slider/${contentId}/images`;
const addImage = (contentId: string, data: Buffer, fields: Record<string, string> = { category: 'exterior' }) =>
  t.app.inject(upload(owner, images(contentId), fields, { data, name: 'photo.jpg', type: 'image/jpeg' }));
/** The video link of the 11-character id `url` (or any link form of it) added to the vehicle's slider. */
const addVideoLink = (contentId: string, url = 'dQw4w9WgXcQ') =>
  t.app.inject(as(owner, { method: 'POST', url: `${API}/slider/${contentId}/video-links`, payload: { url } }));
const slider = async (contentId: string) =>
  (await t.app.inject(as(owner, { method: 'GET', url: `${API}/slider/${contentId}` }))).json();
const fetchMedia = (url: string) => t.app.inject({ method: 'GET', url });
const rowsOf = (contentId: string) =>
  t.db.selectFrom('slider_items').selectAll().where('content_id', '=', contentId).execute();
const flagOf = async (contentId: string) =>
  (
    await t.db
      .selectFrom('contents')
      .select('has_category_images')
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow()
  ).has_category_images;

describe('category images', () => {
  it('stores a 16:9 JPEG in every size, with the caption freed of line breaks and cut at width 100', async () => {
    const [vehicle] = (await t.make.vehicles(owner)) as [string];
    const caption = `前面の写真\nです\r\n${'a'.repeat(300)}`;
    const res = await addImage(vehicle, await noisePicture(1280, 720), { category: 'exterior', caption });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({ kind: 'image', category: 'exterior', order: 0 });
    expect(item.caption).not.toMatch(/[\r\n]/);
    expect(item.caption.startsWith('前面の写真です')).toBe(true);
    expect(captionWidth(item.caption)).toBe(100);
    expect(item.image).toMatchObject({ width: 1280, height: 720 });
    const r = item.image.renditions;
    expect([r.thumbnail.width, r.display.width, r.zoom.width]).toEqual([320, 1280, 1280]);
    expect([r.thumbnail.height, r.display.height]).toEqual([180, 720]);
    for (const url of [r.thumbnail.jpeg, r.thumbnail.webp, r.display.jpeg, r.zoom.webp]) {
      const media = await fetchMedia(url);
      expect(media.statusCode, url).toBe(200);
    }
    expect((await fetchMedia(r.thumbnail.webp)).headers['content-type']).toBe('image/webp');
    expect(await flagOf(vehicle)).toBe(true);
    const stored = await rowsOf(vehicle);
    expect(stored.map((row) => row.caption)).toEqual([item.caption]);
  });

  it('takes the other ratios: 4:3 PNG, 2:1, a 1920 zoom at most', async () => {
    const [vehicle] = (await t.make.vehicles(owner)) as [string];
    const four = await addImage(vehicle, await noisePicture(800, 600, 'png'), { category: 'interior' });
    expect(four.statusCode, four.body).toBe(201);
    expect(four.json().image.renditions.zoom.width).toBe(800);
    const two = await addImage(vehicle, await noisePicture(2400, 1200), { category: 'engine' });
    expect(two.statusCode, two.body).toBe(201);
    expect(two.json().image.renditions.zoom).toMatchObject({ width: 1920, height: 960 });
    expect(two.json().order).toBe(1);
  });

  it('refuses every bad file with its code and leaves nothing behind', async () => {
    const [vehicle] = (await t.make.vehicles(owner)) as [string];
    const cases: [string, Buffer, Record<string, string>, number, string, string?][] = [
      ['a GIF', await gif(1280, 720), { category: 'other' }, 415, 'unsupported_image_format'],
      [
        'random bytes named .jpg',
        Buffer.from('not a picture at all'),
        { category: 'other' },
        415,
        'unsupported_image_format',
      ],
      ['16:10', await noisePicture(1920, 1200), { category: 'other' }, 422, 'image_dimensions_invalid', 'aspect'],
      [
        'portrait 9:16',
        await noisePicture(720, 1280),
        { category: 'other' },
        422,
        'image_dimensions_invalid',
        'aspect',
      ],
      ['too small', await noisePicture(320, 180), { category: 'other' }, 422, 'image_dimensions_invalid', 'width'],
    ];
    for (const [label, data, fields, status, code, rule] of cases) {
      const res = await addImage(vehicle, data, fields);
      expect(res.statusCode, label).toBe(status);
      expect(res.json().error.code, label).toBe(code);
      if (rule) expect(res.json().error.params.rule, label).toBe(rule);
    }
    const unknownCategory = await addImage(vehicle, await noisePicture(1280, 720), { category: 'roof' });
    expect(unknownCategory.statusCode).toBe(422);
    expect(unknownCategory.json().error.fields[0].field).toBe('category');
    const noFile = await t.app.inject(upload(owner, images(vehicle), { category: 'other' }));
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().error.fields[0].field).toBe('file');
    const tooLarge = await addImage(
      vehicle,
      Buffer.concat([await noisePicture(1280, 720), Buffer.alloc(31 * 1024 * 1024)]),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe('file_too_large');
    expect(await rowsOf(vehicle)).toEqual([]);
    expect(await flagOf(vehicle)).toBe(false);
    expect(
      await t.app.inject(as(owner, { method: 'GET', url: `${API}/slider/${vehicle}` })).then((r) => r.json().items),
    ).toEqual([]);
  });
});

describe('video links', () => {
  it('keeps the 11-character id of a link and answers its watch and thumbnail addresses', async () => {
    const [vehicle] = (await t.make.vehicles(owner)) as [string];
    for (const url of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s', 'youtu.be/a_b-c_d-e_f']) {
      const res = await t.app.inject(
        as(owner, {
          method: 'POST',
          url: `${API}/slider/${vehicle}/video-links`,
          payload: { url, caption: 'walk\naround' },
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().caption).toBe('walkaround');
    }
    const answer = await slider(vehicle);
    expect(answer.items.map((i: { video_id: string }) => i.video_id)).toEqual(['dQw4w9WgXcQ', 'a_b-c_d-e_f']);
    expect(answer.items[0].thumbnail_url).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    // Video links alone are no category images.
    expect(await flagOf(vehicle)).toBe(false);
  });

  it('refuses anything else naming the field url', async () => {
    for (const url of ['https://vimeo.com/123456789', 'dQw4w9WgXc', 'https://youtu.be/dQw4w9WgXcQQ', '']) {
      const res = await addVideoLink(car, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error.fields[0].field, url).toBe('url');
    }
    expect(await rowsOf(car)).toEqual([]);
  });
});

describe('order, update and delete', () => {
  it('reorders with every id once, and refuses a list that misses or repeats one', async () => {
    const [vehicle] = (await t.make.vehicles(owner)) as [string];
    const a = (await addImage(vehicle, await noisePicture(1280, 720, 'jpeg', 2))).json();
    const b = (await addVideoLink(vehicle)).json();
    const c = (await addImage(vehicle, await noisePicture(1024, 768, 'jpeg', 3))).json();
    const order = (ids: string[]) =>
      t.app.inject(as(owner, { method: 'POST', url: `${API}/slider/${vehicle}/order`, payload: { ids } }));
    const res = await order([c.id, a.id, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual([c.id, a.id, b.id]);
    expect(res.json().items.map((i: { order: number }) => i.order)).toEqual([0, 1, 2]);
    for (const bad of [
      [c.id, a.id],
      [c.id, a.id, a.id],
      [c.id, a.id, b.id, '999999'],
    ]) {
      const refused = await order(bad);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.fields[0].field).toBe('ids');
    }
    expect((await slider(vehicle)).items.map((i: { id: string }) => i.id)).toEqual([c.id, a.id, b.id]);
  });

  it("changes a caption (cut the same way) and an image's category, not a link's category", async () => {
    const [vehicle] = (await t.make.vehicles(owner)) as [string];
    const image = (await addImage(vehicle, await noisePicture(1280, 720, 'jpeg', 4))).json();
    const link = (await addVideoLink(vehicle)).json();
    const update = (id: string, payload: object) =>
      t.app.inject(as(owner, { method: 'POST', url: `${API}/slider/${vehicle}/items/${id}`, payload }));
    const changed = await update(image.id, { caption: `${'あ'.repeat(120)}\n`, category: 'documents' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ caption: 'あ'.repeat(100), category: 'documents' });
    expect((await update(link.id, { caption: 'Tour' })).json().caption).toBe('Tour');
    const refused = await update(link.id, { category: 'engine' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields[0].field).toBe('category');
    expect((await update('999999', { caption: 'x' })).statusCode).toBe(404);
  });

  it('deletes an item and its files, but never a file another item still uses', async () => {
    const [vehicle] = (await t.make.vehicles(owner)) as [string];
    const same = await noisePicture(1280, 720, 'jpeg', 5);
    const first = (await addImage(vehicle, same)).json();
    const second = (await addImage(vehicle, same, { category: 'interior' })).json();
    // The same picture: the same content-addressed files.
    expect(second.image.renditions.display.jpeg).toBe(first.image.renditions.display.jpeg);
    const urls = Object.values(first.image.renditions).flatMap((r) => [
      (r as { jpeg: string }).jpeg,
      (r as { webp: string }).webp,
    ]);
    const remove = (id: string) =>
      t.app.inject(as(owner, { method: 'DELETE', url: `${API}/slider/${vehicle}/items/${id}` }));

    const afterFirst = await remove(first.id);
    expect(afterFirst.statusCode, afterFirst.body).toBe(200);
    expect(afterFirst.json().items.map((i: { id: string }) => i.id)).toEqual([second.id]);
    for (const url of urls) expect((await fetchMedia(url)).statusCode, url).toBe(200);
    expect(await flagOf(vehicle)).toBe(true);

    expect((await remove(second.id)).statusCode).toBe(200);
    for (const url of urls) expect((await fetchMedia(url)).statusCode, url).toBe(404);
    expect(await flagOf(vehicle)).toBe(false);
    expect((await remove(second.id)).statusCode).toBe(404);
  });
});

describe('locks', () => {
  it('a running slider_movie refuses category image changes; video links stay open', async () => {
    const [vehicle] = (await t.make.vehicles(owner)) as [string];
    const image = (await addImage(vehicle, await noisePicture(1280, 720, 'jpeg', 6))).json();
    await t.make.update.processesOf(owner.id, 'succeeded');
    const [locked] = (await t.make.vehicles(owner, { process: 'running', processName: 'slider_movie' })) as [string];
    await t.make.update.sliderItemVehicle(image.id, locked);

    const tries = [
      upload(owner, images(locked), { category: 'other' }, { data: await noisePicture(1280, 720) }),
      as(owner, { method: 'POST', url: `${API}/slider/${locked}/items/${image.id}`, payload: { caption: 'x' } }),
      as(owner, { method: 'DELETE', url: `${API}/slider/${locked}/items/${image.id}` }),
      as(owner, { method: 'POST', url: `${API}/slider/${locked}/order`, payload: { ids: [image.id] } }),
    ];
    for (const request of tries) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(409);
      expect(res.json().error.code).toBe('content_locked');
      expect(res.json().error.params.process).toBe('slider_movie');
    }
    expect((await rowsOf(locked)).map((r) => [r.id, r.caption])).toEqual([[image.id, image.caption]]);
    const link = await addVideoLink(locked);
    expect(link.statusCode).toBe(201);
  });

  it('a transfer locks video links too', async () => {
    const [vehicle] = (await t.make.vehicles(owner, { process: 'running', processName: 'transfer' })) as [string];
    const res = await addVideoLink(vehicle);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.params.process).toBe('transfer');
  });
});

describe('caps', () => {
  it('a slider holds at most 100 items', async () => {
    const [vehicle] = (await t.make.vehicles(owner)) as [string];
    await t.make.update.videoLinks(vehicle, 100);
    const res = await addVideoLink(vehicle);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'max_content_count_exceeded', params: { max: 100 } });
    const image = await addImage(vehicle, await noisePicture(1280, 720, 'jpeg', 7));
    expect(image.statusCode).toBe(409);
    expect((await rowsOf(vehicle)).length).toBe(100);
  });
});

describe('the category image template', () => {
  it('offers its slots only when the option is on for the vehicle', async () => {
    expect((await slider(car)).config.template).toBeNull();
    const tenant = await t.make.tenant({ options: { category_image_template: true } });
    const dealer = await t.make.signedIn({ tenant });
    const [vehicle] = (await t.make.vehicles(dealer)) as [string];
    const res = await t.app.inject(as(dealer, { method: 'GET', url: `${API}/slider/${vehicle}` }));
    expect(res.json().config.template).toEqual(['exterior', 'interior', 'engine', 'equipment', 'documents']);
    expect(res.json().config.categories).toContain('other');
  });
});
